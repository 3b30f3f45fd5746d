// Today's goal and the streak (issue 24.4), from the review queue: on home's review card and after a session. The
// goal counts answers in the review and in every game, and says so.
import "@mantine/core/styles/Progress.css";
import { Group, Progress, Stack, Text } from "@mantine/core";
import { IconFlame } from "@tabler/icons-react";
import { useReviewQueue } from "../api/get-review-queue.ts";
import { useTranslation } from "../use-translation.ts";

/** `atLeast`: answers known to be given today (a session's), which the goal waits to see counted. */
export function TodayGoal({ atLeast }: { atLeast?: number } = {}) {
  const { t } = useTranslation("review");
  const q = useReviewQueue(atLeast).data;
  if (!q) return null;
  const { reviews, goal } = q.today;
  const met = reviews >= goal;
  return (
    <Stack gap={4} data-testid="today-goal" data-reviews={reviews} data-goal={goal} data-streak={q.streak}>
      <Group gap="md" wrap="wrap">
        <Text fw={600}>{met ? t("goal.met", { reviews, goal }) : t("goal.left", { reviews, goal })}</Text>
        <Group gap={4} wrap="nowrap" data-testid="streak">
          <IconFlame size={20} aria-hidden="true" color="var(--mantine-color-orange-8)" />
          <Text>{t("progress.streak", { count: q.streak })}</Text>
        </Group>
      </Group>
      <Progress value={Math.min(100, (reviews / Math.max(1, goal)) * 100)} size="sm" aria-hidden="true" />
      <Text size="xs" c="dimmed">
        {t("goal.counts")}
      </Text>
    </Stack>
  );
}
