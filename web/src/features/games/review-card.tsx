// The card at the top of the game chooser: how many cards are due, and the way into /review.
import { Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconCards } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useReviewQueue } from "../../shared/api/get-review-queue.ts";
import { TodayGoal } from "../../shared/game/today-goal.tsx";
import { Link } from "../../shared/router.tsx";
import { useTranslation } from "../../shared/use-translation.ts";

/** The card's frame: the same in its loading form and its loaded one, so the games below it do not move. */
function CardFrame({
  count,
  start,
  goal,
  ...data
}: {
  count: ReactNode;
  start: ReactNode;
  goal?: ReactNode;
  [data: `data-${string}`]: unknown;
}) {
  const { t } = useTranslation("review");
  return (
    <Card withBorder padding="md" {...data}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconCards size={32} aria-hidden="true" color="var(--mantine-color-indigo-7)" />
          <Stack gap={0}>
            <Title order={2} size="h4">
              {t("chooser.title")}
            </Title>
            {count}
          </Stack>
        </Group>
        <Group gap="xs">
          {start}
          <Button component={Link} to="/progress" variant="subtle">
            {t("done.progress")}
          </Button>
        </Group>
      </Group>
      {/* The goal's place is held while the queue loads, so the games below do not move. */}
      <div style={{ minHeight: 72, marginTop: 8 }}>{goal}</div>
    </Card>
  );
}

export function ReviewChooserCard() {
  const { t } = useTranslation("review");
  const queue = useReviewQueue();
  const q = queue.data;
  // While it loads, the frame holds the card's place (it appeared above the games and pushed them down: a layout
  // shift of 0.15 on /home, issue 16). If it fails, the card is an extra: the games below it are what matters.
  if (queue.isPending)
    return (
      <CardFrame
        data-testid="review-card-loading"
        count={
          <Skeleton width="12em">
            <Text aria-hidden="true">&nbsp;</Text>
          </Skeleton>
        }
        start={<Skeleton height={36} width="5.5em" /* the Progress button beside it sets the row height */ />}
      />
    );
  if (!q) return null;
  const size = q.sessionSize;
  return (
    <CardFrame
      data-testid="review-card-chooser"
      data-due={q.due}
      goal={<TodayGoal />}
      count={
        <Text data-testid="review-due-count">
          {q.due > 0 || q.newAvailable > 0
            ? [
                t("chooser.due", { count: q.due }),
                q.newAvailable > 0 ? t("chooser.new", { count: q.newAvailable }) : "",
              ]
                .filter(Boolean)
                .join(" ")
            : t("chooser.none")}
        </Text>
      }
      start={
        size > 0 && (
          <Button component={Link} to="/review">
            {t("chooser.start")}
          </Button>
        )
      }
    />
  );
}
