// When the learner deletes this device's data, its reminders stop too: the browser's push subscription is removed
// (with the old identity, before it is forgotten: the next learner on this browser must not get them), or the
// phone's scheduled notifications are cancelled.
import { isNativeApp } from "../../shared/platform.ts";

export async function forgetReminders(): Promise<void> {
  if (isNativeApp()) {
    const { cancelNativeReminders } = await import("../../shared/reminders/native-reminders.ts");
    await cancelNativeReminders();
  } else {
    const { unsubscribeThisBrowser } = await import("../../shared/reminders/web-push.ts");
    await unsubscribeThisBrowser();
  }
}
