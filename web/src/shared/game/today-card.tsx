// Today on home and on the beginner menu (issue 30.1): the goal and how much of it is left, the streak, the cards
// due, and one button that starts the right thing (core's todayAction): the review when cards are due or the goal
// is not met, otherwise the next game.
import { goalLeft, todayAction } from "@ivrit/core/today";
import { Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconCalendarCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useReviewQueue } from "../api/get-review-queue.ts";
import { Link } from "../router.tsx";
import { useTranslation } from "../use-translation.ts";
import { TodayGoal } from "./today-goal.tsx";

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
          <IconCalendarCheck size={32} aria-hidden="true" color="var(--mantine-color-indigo-text)" />
          <Stack gap={0}>
            <Title order={2} size="h4">
              {t("today.title")}
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

/** `game`: what the button starts once the review is not the thing to do (null: no game can start yet). */
export function TodayCard({ game }: { game: { to: string; name: string } | null }) {
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
          // Two lines, as the loaded card's: the cards due, and what is left of the goal.
          <Stack gap={0}>
            <Skeleton width="12em">
              <Text aria-hidden="true">&nbsp;</Text>
            </Skeleton>
            <Skeleton width="14em" mt={2}>
              <Text size="sm" aria-hidden="true">
                &nbsp;
              </Text>
            </Skeleton>
          </Stack>
        }
        start={<Skeleton height={36} width="5.5em" /* the Progress button beside it sets the row height */ />}
      />
    );
  if (!q) return null;
  const action = todayAction(q);
  const left = goalLeft(q);
  const start =
    action === "review" ? (
      <Button component={Link} to="/review" data-testid="today-start" data-action="review">
        {t("chooser.start")}
      </Button>
    ) : (
      game && (
        <Button component={Link} to={game.to} data-testid="today-start" data-action="game">
          {t("today.play", { name: game.name })}
        </Button>
      )
    );
  return (
    <CardFrame
      data-testid="review-card-chooser"
      data-due={q.due}
      data-left={left}
      goal={<TodayGoal />}
      count={
        <Stack gap={0}>
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
          <Text size="sm" data-testid="today-left">
            {left > 0 ? t("today.left", { count: left }) : t("today.met")}
          </Text>
        </Stack>
      }
      start={start}
    />
  );
}
