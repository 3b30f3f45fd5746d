// The card at the top of the game chooser: how many cards are due, and the way into /review.
import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconCards } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useReviewQueue } from "../../shared/api/get-review-queue.ts";

export function ReviewChooserCard() {
  const { t } = useTranslation("review");
  const queue = useReviewQueue();
  const q = queue.data;
  // The card is an extra: while it loads or if it fails, the games below it are what matters.
  if (!q) return null;
  const size = q.sessionSize;
  return (
    <Card withBorder padding="md" data-testid="review-card-chooser" data-due={q.due}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconCards size={32} aria-hidden="true" color="var(--mantine-color-indigo-7)" />
          <Stack gap={0}>
            <Title order={2} size="h4">
              {t("chooser.title")}
            </Title>
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
          </Stack>
        </Group>
        <Group gap="xs">
          {size > 0 && (
            <Button component={Link} to="/review">
              {t("chooser.start")}
            </Button>
          )}
          <Button component={Link} to="/progress" variant="subtle">
            {t("done.progress")}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
