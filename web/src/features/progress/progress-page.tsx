// /progress (issue 10): today's goal and the streak, words by state, known/total per module, reviews per day
// over 30 days and reviews due over the next 7 (plots loaded lazily), the memory model that schedules the reviews
// (standard or fitted to the learner, with what was measured of it: issue 28.4), and the daily goal and new-word limit.
import "@mantine/core/styles/Progress.css";
import "@mantine/core/styles/Badge.css";
import type { WordState } from "@ivrit/core/review";
import type { ReviewProgress } from "@ivrit/core/schemas/review";
import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconFlame, IconTarget } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../shared/api/client.ts";
import { useReviewProgress } from "../../shared/api/get-review-progress.ts";
import { usePatchReviewSettings, useReviewSettings } from "../../shared/api/review-settings.ts";
import { ReminderSettings } from "../../shared/reminders/reminder-settings.tsx";
import { Link } from "../../shared/router.tsx";
import { SUCCESS_GREEN, SUCCESS_TEXT } from "../../shared/ui/colors.ts";
import { ErrorText, LoadingText } from "../../shared/ui/status.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useTranslation } from "../../shared/use-translation.ts";
import { DayChart } from "./day-chart.tsx";
import classes from "./progress.module.css";

// Filled dark shades: white text on them passes WCAG AA (the light variants' orange and green do not).
const STATE_COLORS: Record<WordState, string> = {
  new: "gray.8",
  learning: "upgrade.8", // the theme's orange: 7:1 with white (orange.9 is about 4:1)
  known: "blue.8",
  mature: SUCCESS_GREEN,
};

/**
 * Which schedule is in use, in plain words, and only what was measured: the error shown is the RMSE (over bins) of
 * the predicted chance of recall on the held-out recent answers, in percentage points.
 */
function ModelCard({ model, language }: { model: ReviewProgress["model"]; language: string }) {
  const { t } = useTranslation("review");
  const n = new Intl.NumberFormat(language);
  const pts = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const fit = model.fit;
  const counts = { next: n.format(model.nextFitAt), answers: n.format(model.answers) };
  const lines: string[] = [];
  if (model.inUse === "fitted" && fit) {
    lines.push(t("progress.model.fitted", { reviews: n.format(fit.trainReviews) }));
    lines.push(
      t("progress.model.fittedMeasured", {
        measured: n.format(fit.measured),
        rmse: pts.format(fit.fittedRmse * 100),
        defaultRmse: pts.format(fit.defaultRmse * 100),
      }),
    );
    lines.push(t("progress.model.next", counts));
  } else if (fit) {
    lines.push(
      t("progress.model.notAdopted", {
        reviews: n.format(fit.trainReviews),
        measured: n.format(fit.measured),
        rmse: pts.format(fit.defaultRmse * 100),
      }),
    );
    lines.push(model.fitting ? t("progress.model.fitting", counts) : t("progress.model.next", counts));
  } else lines.push(model.fitting ? t("progress.model.fitting", counts) : t("progress.model.default", counts));
  return (
    <Card withBorder padding="md" data-testid="progress-model" data-model={model.inUse}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("progress.model.title")}
        </Title>
        {lines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </Stack>
    </Card>
  );
}

function Settings() {
  const { t } = useTranslation("review");
  const settings = useReviewSettings();
  const patch = usePatchReviewSettings();
  const [goal, setGoal] = useState<string | null>(null);
  const [limit, setLimit] = useState<string | null>(null);
  if (!settings.data) return null;
  const goalValue = goal ?? String(settings.data.dailyGoal);
  const limitValue = limit ?? String(settings.data.dailyNewLimit);
  const goalN = Number(goalValue);
  const limitN = Number(limitValue);
  const valid =
    Number.isInteger(goalN) && goalN >= 1 && goalN <= 500 && Number.isInteger(limitN) && limitN >= 0 && limitN <= 100;
  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) patch.mutate({ dailyGoal: goalN, dailyNewLimit: limitN });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("progress.settings.title")}
          </Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="number"
              min={1}
              max={500}
              label={t("progress.settings.goal")}
              value={goalValue}
              onChange={(e) => setGoal(e.currentTarget.value)}
              w={180}
            />
            <TextInput
              type="number"
              min={0}
              max={100}
              label={t("progress.settings.newLimit")}
              value={limitValue}
              onChange={(e) => setLimit(e.currentTarget.value)}
              w={180}
            />
            <Button type="submit" disabled={!valid} loading={patch.isPending}>
              {t("progress.settings.save")}
            </Button>
          </Group>
          <div aria-live="polite">
            {patch.isSuccess && <Text c={SUCCESS_TEXT}>{t("progress.settings.saved")}</Text>}
            {patch.isError && <ErrorText message={errorMessage(patch.error)} />}
          </div>
        </Stack>
      </form>
    </Card>
  );
}

export default function ProgressPage() {
  const { t } = useTranslation(["review", "common"]);
  const language = useLanguage();
  const progress = useReviewProgress(language);
  const p = progress.data;
  return (
    <Stack gap="md">
      <Title order={1}>{t("progress.title")}</Title>
      {progress.isPending && <LoadingText />}
      {progress.isError && <ErrorText message={errorMessage(progress.error)} />}
      {p && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Card withBorder padding="md" data-testid="progress-goal">
              <Stack gap="xs">
                <Group gap="xs">
                  <IconTarget aria-hidden="true" size={24} color="var(--mantine-color-indigo-7)" />
                  <Title order={2} size="h4">
                    {t("progress.today")}
                  </Title>
                </Group>
                <Text size="lg">{t("progress.goal", { reviews: p.today.reviews, goal: p.today.goal })}</Text>
                <Progress
                  value={Math.min(100, (p.today.reviews / Math.max(1, p.today.goal)) * 100)}
                  aria-label={t("progress.goal", { reviews: p.today.reviews, goal: p.today.goal })}
                />
                {p.today.reviews >= p.today.goal && <Text c={SUCCESS_TEXT}>{t("progress.goalMet")}</Text>}
              </Stack>
            </Card>
            <Card withBorder padding="md" data-testid="progress-streak" data-streak={p.streak}>
              <Stack gap="xs">
                <Group gap="xs">
                  <IconFlame aria-hidden="true" size={24} color="var(--mantine-color-orange-8)" />
                  <Title order={2} size="h4">
                    {t("progress.streakLabel")}
                  </Title>
                </Group>
                <Text size="lg" fw={700}>
                  {t("progress.streak", { count: p.streak })}
                </Text>
                <Button component={Link} to="/review" variant="light" style={{ alignSelf: "flex-start" }}>
                  {t("progress.review")}
                </Button>
              </Stack>
            </Card>
          </SimpleGrid>

          <Card withBorder padding="md" data-testid="progress-states">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t("progress.states.title")}
              </Title>
              <Group gap="sm">
                {(["new", "learning", "known", "mature"] as const).map((s) => (
                  <Badge key={s} size="lg" color={STATE_COLORS[s]} data-state={s}>
                    {t(`progress.states.${s}`)}: {p.states[s]}
                  </Badge>
                ))}
              </Group>
            </Stack>
          </Card>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="xs">
                {t("progress.reviews.title")}
              </Title>
              <DayChart
                days={p.reviewsPerDay}
                label={t("progress.reviews.title")}
                color="rgba(59, 91, 219, 0.85)"
                testId="chart-reviews"
              />
            </Card>
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="xs">
                {t("progress.due.title")}
              </Title>
              <DayChart
                days={p.duePerDay}
                label={t("progress.due.title")}
                color="rgba(232, 89, 12, 0.85)"
                testId="chart-due"
              />
            </Card>
          </SimpleGrid>

          <Card withBorder padding="md" data-testid="progress-modules">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t("progress.modules.title")}
              </Title>
              <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {p.modules
                  .filter((m) => m.total > 0)
                  .map((m) => {
                    const known = t("progress.modules.known", { known: m.known, total: m.total });
                    const percent = Math.round((m.known / m.total) * 100);
                    return (
                      <li key={m.moduleId} data-module-id={m.moduleId}>
                        <div className={classes.row}>
                          <bdi className={classes.name}>{m.name}</bdi>
                          <span className={classes.count}>{m.locked ? t("progress.modules.locked") : known}</span>
                        </div>
                        <div
                          className={classes.bar}
                          role="progressbar"
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={percent}
                          aria-label={`${m.name}: ${known}`}
                        >
                          <div
                            className={classes.fill}
                            style={{ width: `${percent}%` }}
                            data-locked={m.locked || undefined}
                          />
                        </div>
                      </li>
                    );
                  })}
              </Stack>
            </Stack>
          </Card>

          <ModelCard model={p.model} language={language} />
          <Settings />
          <Card withBorder padding="md">
            <ReminderSettings />
          </Card>
        </>
      )}
    </Stack>
  );
}
