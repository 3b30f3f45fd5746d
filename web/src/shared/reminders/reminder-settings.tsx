// The daily reminder's settings (issue 30.2, 30.3), on Account and on /progress: one switch turns it on or off
// (on the web it asks this browser for notifications and subscribes it; in the app it asks the phone), the time,
// the days and the quiet hours, in the learner's time zone.
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/CheckboxCard.css";
import "@mantine/core/styles/CheckboxIndicator.css";
import type { ReminderSettings as Settings } from "@ivrit/core/schemas/reminders";
import { Button, Checkbox, Group, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "../api/client.ts";
import { queryKeys } from "../api/query-keys.ts";
import { usePatchReminders, useReminders } from "../api/reminders.ts";
import { syncTimeZone } from "../api/review-settings.ts";
import { isNativeApp } from "../platform.ts";
import { ERROR_TEXT, SUCCESS_TEXT } from "../ui/colors.ts";
import { useLanguage } from "../use-language.ts";
import { useTranslation } from "../use-translation.ts";
import { nativePermission } from "./native-reminders.ts";
import { pushBlocked, pushSupported, subscribeThisBrowser, unsubscribeThisBrowser } from "./web-push.ts";

const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** Weekday names in the interface language (2026-11-29 was a Sunday). */
function weekdayName(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2026, 10, 29 + day)),
  );
}

export function ReminderSettings() {
  const { t } = useTranslation("reminders");
  const language = useLanguage();
  const native = isNativeApp();
  const client = useQueryClient();
  const reminders = useReminders();
  const patch = usePatchReminders();
  const data = reminders.data;
  const [draft, setDraft] = useState<Settings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setDraft({ ...data });
  }, [data]);

  const toggle = async (on: boolean) => {
    setProblem(null);
    setBusy(true);
    try {
      if (on) {
        await syncTimeZone({ force: true });
        if (native) {
          if (!(await nativePermission(true))) return setProblem(t("native.denied"));
        } else {
          const state = data?.publicKey ? await subscribeThisBrowser(data.publicKey, language) : "unsupported";
          if (state !== "subscribed") return setProblem(t(`web.${state}`));
        }
      } else if (!native) await unsubscribeThisBrowser();
      await patch.mutateAsync({ enabled: on });
    } catch (e) {
      setProblem(t("error", { message: errorMessage(e) }));
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: queryKeys.reminders });
    }
  };

  const d = draft;
  const quiet = d ? d.quietStart !== null && d.quietEnd !== null : false;
  return (
    <section aria-labelledby="reminders-title" data-testid="reminders">
      <Stack gap="sm">
        <Title order={2} size="h3" id="reminders-title">
          {t("title")}
        </Title>
        <Text>{t("text")}</Text>
        {reminders.isError && <Text c={ERROR_TEXT}>{t("error", { message: errorMessage(reminders.error) })}</Text>}
        {data && d && (
          <>
            <Switch
              size="md"
              label={t("switch")}
              checked={data.enabled}
              disabled={busy || (!native && !pushSupported() && !data.enabled)}
              onChange={(e) => void toggle(e.currentTarget.checked)}
              data-testid="reminders-switch"
            />
            {!native && !pushSupported() && <Text c="dimmed">{t("web.unsupported")}</Text>}
            {!native && pushBlocked() && <Text c="dimmed">{t("web.denied")}</Text>}
            {problem && (
              <Text c={ERROR_TEXT} role="alert" data-testid="reminders-problem">
                {problem}
              </Text>
            )}
            {!native && data.enabled && (
              <Text size="sm" c="dimmed" data-testid="reminders-browsers">
                {t("web.browsers", { count: data.subscriptions })}
              </Text>
            )}
            {native && (
              <Text size="sm" c="dimmed">
                {t("native.note")}
              </Text>
            )}
            <form
              onSubmit={(e) => {
                e.preventDefault();
                setProblem(null);
                patch.mutate({ time: d.time, days: d.days, quietStart: d.quietStart, quietEnd: d.quietEnd });
              }}
            >
              <Stack gap="sm">
                <TextInput
                  type="time"
                  label={t("time")}
                  value={d.time}
                  required
                  onChange={(e) => setDraft({ ...d, time: e.currentTarget.value })}
                  maw={200}
                  data-testid="reminders-time"
                />
                <Checkbox.Group
                  label={t("days")}
                  value={d.days.map(String)}
                  onChange={(v) => setDraft({ ...d, days: v.map(Number) })}
                >
                  <Group gap="sm" mt={4}>
                    {WEEK.map((day) => (
                      <Checkbox key={day} value={String(day)} label={weekdayName(day, language)} />
                    ))}
                  </Group>
                </Checkbox.Group>
                <Checkbox
                  label={t("quiet")}
                  checked={quiet}
                  onChange={(e) =>
                    setDraft(
                      e.currentTarget.checked
                        ? { ...d, quietStart: "22:00", quietEnd: "07:00" }
                        : { ...d, quietStart: null, quietEnd: null },
                    )
                  }
                />
                {quiet && (
                  <Group gap="sm">
                    <TextInput
                      type="time"
                      label={t("quietFrom")}
                      value={d.quietStart ?? ""}
                      required
                      onChange={(e) => setDraft({ ...d, quietStart: e.currentTarget.value })}
                    />
                    <TextInput
                      type="time"
                      label={t("quietTo")}
                      value={d.quietEnd ?? ""}
                      required
                      onChange={(e) => setDraft({ ...d, quietEnd: e.currentTarget.value })}
                    />
                  </Group>
                )}
                <Text size="sm" c="dimmed">
                  {t("timeZone", { tz: data.timeZone })}
                </Text>
                <Group gap="sm">
                  <Button type="submit" variant="default" loading={patch.isPending} data-testid="reminders-save">
                    {t("save")}
                  </Button>
                  {patch.isSuccess && <Text c={SUCCESS_TEXT}>{t("saved")}</Text>}
                  {patch.isError && <Text c={ERROR_TEXT}>{t("error", { message: errorMessage(patch.error) })}</Text>}
                </Group>
              </Stack>
            </form>
          </>
        )}
      </Stack>
    </section>
  );
}
