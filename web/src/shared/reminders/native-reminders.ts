// The native app's reminders (issue 30.3): local notifications scheduled on the phone from the same settings, made
// again after each session (the review queries change) from the due forecast, so they come offline too. Which days
// and times is core's planReminders (unit-tested); that the phone shows them cannot be tested here.

import type { Language } from "@ivrit/core/languages";
import { planReminders } from "@ivrit/core/reminder-rules";
import { reminderTexts } from "@ivrit/core/reminder-texts";
import type { RemindersResponse } from "@ivrit/core/schemas/reminders";
import type { ReviewProgress, ReviewQueue } from "@ivrit/core/schemas/review";

/** Our notifications' ids: one per planned day (a week), so a new plan replaces the old one exactly. */
const FIRST_ID = 3000;
const DAYS = 7;

export async function nativePermission(ask: boolean): Promise<boolean> {
  const { LocalNotifications } = await import("@capacitor/local-notifications");
  const status = ask ? await LocalNotifications.requestPermissions() : await LocalNotifications.checkPermissions();
  return status.display === "granted";
}

export async function scheduleNativeReminders(
  settings: RemindersResponse,
  queue: ReviewQueue,
  progress: ReviewProgress,
  language: Language,
): Promise<number> {
  const { LocalNotifications } = await import("@capacitor/local-notifications");
  const ours = Array.from({ length: DAYS }, (_, i) => ({ id: FIRST_ID + i }));
  await LocalNotifications.cancel({ notifications: ours });
  if (!settings.enabled || !(await nativePermission(false))) return 0;
  const plan = planReminders(
    settings,
    settings.timeZone,
    new Date(),
    queue.today.reviews >= queue.today.goal,
    progress.duePerDay,
    DAYS,
  );
  if (plan.length === 0) return 0;
  await LocalNotifications.schedule({
    notifications: plan.map((p, i) => {
      const texts = reminderTexts(language, p.due);
      return {
        id: FIRST_ID + i,
        title: texts.title,
        body: texts.body,
        schedule: { at: p.at, allowWhileIdle: true },
        extra: { url: "/review" },
      };
    }),
  });
  return plan.length;
}

/** A tap on one of them opens /review. */
export async function onNativeReminderTap(open: (path: string) => void): Promise<() => void> {
  const { LocalNotifications } = await import("@capacitor/local-notifications");
  const handle = await LocalNotifications.addListener("localNotificationActionPerformed", (action) => {
    const url = (action.notification.extra as { url?: string } | undefined)?.url;
    open(url?.startsWith("/") ? url : "/review");
  });
  return () => void handle.remove();
}

/** Cancels every reminder this app scheduled (its data deleted from the device). */
export async function cancelNativeReminders(): Promise<void> {
  const { LocalNotifications } = await import("@capacitor/local-notifications");
  await LocalNotifications.cancel({ notifications: Array.from({ length: DAYS }, (_, i) => ({ id: FIRST_ID + i })) });
}
