// The purchase toasts of SPEC section 8 as Mantine notifications: core decides which toast, this file only
// says which text (locales/<lng>/purchases.json) and colour each one gets.
import type { Plan } from "@ivrit/core/plans";
import type { Toast, ToastKey } from "@ivrit/core/purchases/purchases";

type ToastText = {
  color: "indigo" | "teal" | "red";
  /** Keys in the purchases namespace. */
  title: `toast.${ToastKey}.title`;
  message: `toast.${ToastKey}.message` | null;
  values: { plan?: string; message?: string };
};

/** Toasts whose text has a second line (description, or the SDK's message). */
const WITH_MESSAGE: ReadonlySet<ToastKey> = new Set([
  "billingUnavailable",
  "purchaseFailed",
  "notReady",
  "restoreFailed",
  "included",
]);

export const TOAST_KEYS: readonly ToastKey[] = [
  "cancelled",
  "billingUnavailable",
  "purchaseFailed",
  "notReady",
  "alreadyOnPlan",
  "included",
  "nothingToRestore",
  "restored",
  "restoreFailed",
  "unlocked",
];

export function toastText(toast: Toast, planName: (plan: Plan) => string): ToastText {
  return {
    color: toast.kind === "success" ? "teal" : toast.kind === "error" ? "red" : "indigo",
    title: `toast.${toast.key}.title`,
    message: WITH_MESSAGE.has(toast.key) ? `toast.${toast.key}.message` : null,
    values: {
      ...(toast.plan && { plan: planName(toast.plan) }),
      ...(toast.message && { message: toast.message }),
    },
  };
}
