// The module's words: 3 columns on large screens, 2 on small, 1 on mobile (SPEC section 2, Words page).
import "@mantine/core/styles/Badge.css";

import type { WordState } from "@ivrit/core/review";
import type { Module } from "@ivrit/core/schemas/api";
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconCheck, IconPlayerPlay, IconRepeat } from "@tabler/icons-react";
import { memo, useState } from "react";
import { useReviewWordStates } from "../../shared/api/get-review-words.ts";
import { type CardWord, showRoots } from "../../shared/card-word.ts";
import { Link } from "../../shared/router.tsx";
import { AudioButton } from "../../shared/ui/audio-button.tsx";
import { SUCCESS_GREEN } from "../../shared/ui/colors.ts";
import { Hebrew, Translation } from "../../shared/ui/hebrew.tsx";
import { useRevealed } from "../../shared/ui/use-revealed.ts";
import { WordCardModal } from "../../shared/ui/word-card-modal.tsx";
import { WordPicture } from "../../shared/ui/word-picture.tsx";
import { useModuleName } from "../../shared/use-module-name.ts";
import { useTranslation } from "../../shared/use-translation.ts";

/** The word id inside a card's key ("w123"), or 0 for cards that are not words. */
function wordIdOf(w: CardWord): number {
  const m = /^w(\d+)$/.exec(w.key);
  return m ? Number(m[1]) : 0;
}

type TileProps = { w: CardWord; onOpen: (w: CardWord) => void; state: WordState | undefined };

/** Memoised: the review states arriving later redraw only the tiles whose state they change. */
const WordTile = memo(function WordTile({ w, onOpen, state }: TileProps) {
  const { t } = useTranslation(["words", "common", "review"]);
  const known = state === "known" || state === "mature";
  return (
    <Card withBorder padding="md" component="article" data-word-state={state ?? "new"}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="center">
          <Group gap="sm" wrap="nowrap" align="center">
            <WordPicture file={w.picture} size={44} />
            <UnstyledButton onClick={() => onOpen(w)} aria-haspopup="dialog">
              <Hebrew size="xl">{w.nikkud || w.hebrew}</Hebrew>
            </UnstyledButton>
          </Group>
          <AudioButton path={w.audioPath} text={w.nikkud || w.hebrew} />
        </Group>
        <Text size="lg" fw={600}>
          <Translation>{w.translation}</Translation>
        </Text>
        <Group gap={6}>
          {known && (
            <Badge
              color={SUCCESS_GREEN}
              size="sm"
              leftSection={<IconCheck size={12} aria-hidden="true" />}
              data-testid="known-mark"
            >
              {t("review:words.known")}
            </Badge>
          )}
          {state === "learning" && (
            <Badge color="upgrade.8" size="sm">
              {t("review:words.learning")}
            </Badge>
          )}
          {w.category && (
            <Badge color="gray.8" size="sm">
              {t(`common:category.${w.category}`, { defaultValue: w.category })}
            </Badge>
          )}
          {w.tense && (
            <Badge color="teal.9" size="sm">
              {t(`common:tense.${w.tense}`, { defaultValue: w.tense })}
            </Badge>
          )}
        </Group>
        {showRoots(w) &&
          w.roots.map((r) => (
            <Text key={r.root} size="sm">
              <Text component="span" size="sm" fw={600}>
                {t("common:wordCard.root")}:
              </Text>{" "}
              <Hebrew size="md">{r.root}</Hebrew>
              {r.meaning && (
                <>
                  {" · "}
                  <bdi>{r.meaning}</bdi>
                </>
              )}
            </Text>
          ))}
        {w.locked ? (
          <Text size="sm" c="dimmed">
            {t("common:wordCard.exampleLocked")}
          </Text>
        ) : (
          w.sentenceHe && (
            <Stack gap={0}>
              <Hebrew block size="lg">
                {w.sentenceHe}
              </Hebrew>
              {w.sentenceTranslation && (
                <Text size="sm" c="dimmed">
                  {w.sentenceTranslation}
                </Text>
              )}
            </Stack>
          )
        )}
      </Stack>
    </Card>
  );
});

/** A review takes at most 20 words: the ones not known yet first, in the page's order. */
const REVIEW_MAX = 20;

/** "Play these" and "Review these" (issue 24: the words page is no dead end). */
function PlayThese({
  module,
  words,
  states,
}: {
  module: Module;
  words: CardWord[];
  states: ReadonlyMap<number, WordState> | undefined;
}) {
  const { t } = useTranslation("words");
  const ids = words.map(wordIdOf).filter((id) => id > 0);
  const known = (id: number) => {
    const s = states?.get(id);
    return s === "known" || s === "mature";
  };
  const review = [...ids.filter((id) => !known(id)), ...ids.filter(known)].slice(0, REVIEW_MAX);
  return (
    <Group gap="sm">
      <Button
        component={Link}
        to={`/game/${module.id}/translation-match`}
        leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
        data-testid="play-these"
      >
        {t("play")}
      </Button>
      {review.length > 0 && (
        <Button
          component={Link}
          to={`/review?words=${review.join(",")}`}
          variant="light"
          leftSection={<IconRepeat size={18} aria-hidden="true" />}
          data-testid="review-these"
        >
          {t("review")}
        </Button>
      )}
    </Group>
  );
}

export function ModuleWordGrid({
  module,
  words,
  playable = true,
}: {
  module: Module;
  words: CardWord[];
  /** False for a module the plan does not unlock. */
  playable?: boolean;
}) {
  const { t } = useTranslation("words");
  const moduleName = useModuleName();
  const [open, setOpen] = useState<CardWord | null>(null);
  const states = useReviewWordStates(module.id > 0 ? module.id : null, module.id > 0);
  const revealed = useRevealed(words.length);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={2}>{moduleName(module)}</Title>
        <Text c="dimmed">{t("count", { count: words.length })}</Text>
      </Group>
      {playable && words.length > 0 && module.id > 0 && (
        <PlayThese module={module} words={words} states={states.data} />
      )}
      {words.length === 0 ? (
        <Text>{t("empty")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {words.slice(0, revealed).map((w) => (
            <WordTile key={w.key} w={w} onOpen={setOpen} state={states.data?.get(wordIdOf(w))} />
          ))}
        </SimpleGrid>
      )}
      <WordCardModal word={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
