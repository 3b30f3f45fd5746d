// Native app only (its own chunk, mounted by the layout): keeps the phone's local reminders in step with the
// settings and the review queue, which every session changes; a tap on one opens /review.
import { useEffect } from "react";
import { useReviewProgress } from "../api/get-review-progress.ts";
import { useReviewQueue } from "../api/get-review-queue.ts";
import { useReminders } from "../api/reminders.ts";
import { logError } from "../log.ts";
import { useNavigate } from "../router.tsx";
import { useLanguage } from "../use-language.ts";
import { onNativeReminderTap, scheduleNativeReminders } from "./native-reminders.ts";

export default function NativeRemindersSync() {
  const language = useLanguage();
  const settings = useReminders().data;
  const queue = useReviewQueue().data;
  const progress = useReviewProgress(language).data;
  const navigate = useNavigate();

  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    onNativeReminderTap((path) => navigate(path))
      .then((remove) => {
        if (live) stop = remove;
        else remove();
      })
      .catch((e: unknown) => logError("reminders: tap listener", e));
    return () => {
      live = false;
      stop?.();
    };
  }, [navigate]);

  useEffect(() => {
    if (!settings || !queue || !progress) return;
    scheduleNativeReminders(settings, queue, progress, language).catch((e: unknown) =>
      logError("reminders: schedule", e),
    );
  }, [settings, queue, progress, language]);
  return null;
}
