// This browser's web push subscription (issue 30.2): asked for when the learner turns reminders on, sent to the
// server with the interface language; removed when they are turned off.
import type { Language } from "@ivrit/core/languages";
import { postSubscription, postUnsubscribe } from "../api/reminders.ts";

export type PushState = "subscribed" | "denied" | "unsupported";

export function pushSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in globalThis &&
    "Notification" in globalThis
  );
}

/** The browser has notifications blocked for this site: only its settings can allow them again. */
export function pushBlocked(): boolean {
  return pushSupported() && Notification.permission === "denied";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replaceAll("-", "+").replaceAll("_", "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration("/")) ?? null;
}

/** Asks for permission, subscribes with the server's key (again if the key changed) and sends the subscription. */
export async function subscribeThisBrowser(publicKey: string, language: Language): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  const reg = await registration();
  if (!reg) return "unsupported";
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  const current = sub?.options.applicationServerKey;
  if (sub && current && !sameBytes(new Uint8Array(current), key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await postSubscription(sub.toJSON(), language);
  return "subscribed";
}

export async function unsubscribeThisBrowser(): Promise<void> {
  if (!pushSupported()) return;
  const sub = await (await registration())?.pushManager.getSubscription();
  if (!sub) return;
  await postUnsubscribe(sub.endpoint);
  await sub.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
