// Root tree, "Word Explorer" (SPEC section 4): a root and its first word; 'Add more words' reveals the next,
// 'New root' picks another (2+ words first, no repeat until all were seen); each word opens its card.
import {
  addMore,
  buildRootTree,
  canAddMore,
  currentFamily,
  newRoot,
  type RootTreeState,
  rootTreeResults,
  visibleWords,
} from "@ivrit/core/games/root-tree";
import { createRng } from "@ivrit/core/rng";
import { Button, Card, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconPlus, IconRefresh } from "@tabler/icons-react";
import { useMemo, useRef, useState } from "react";
import { type CardWord, fromWord } from "../../../../shared/card-word.ts";
import { EmptyState } from "../../../../shared/game/empty-state.tsx";
import { GameFrame } from "../../../../shared/game/game-frame.tsx";
import classes from "../../../../shared/game/play.module.css";
import { useFinishGame } from "../../../../shared/game/use-finish.ts";
import { usePlayRecord } from "../../../../shared/game/use-play-record.ts";
import { Hebrew } from "../../../../shared/ui/hebrew.tsx";
import { WordCardModal } from "../../../../shared/ui/word-card-modal.tsx";
import { useTranslation } from "../../../../shared/use-translation.ts";
import type { WordSession } from "../../session/use-word-session.ts";

export function RootTree({ session, onRestart }: { session: WordSession; onRestart: () => void }) {
  const rng = useRef(createRng(session.seed));
  const start = useMemo(() => buildRootTree(session.words, rng.current), [session]);
  usePlayRecord(start.kind === "ready" ? session : null);
  if (start.kind !== "ready") {
    return (
      <GameFrame game="root-tree">
        <EmptyState textKey="rootTree.noRoots" onRestart={onRestart} />
      </GameFrame>
    );
  }
  return <Tree session={session} initial={start.state} rng={rng.current} />;
}

function Tree({ session, initial, rng }: { session: WordSession; initial: RootTreeState; rng: () => number }) {
  const { t } = useTranslation("play");
  const finish = useFinishGame();
  const [state, setState] = useState(initial);
  const [open, setOpen] = useState<CardWord | null>(null);
  const family = currentFamily(state);
  const words = visibleWords(state);
  const lastWord = useRef<HTMLButtonElement>(null);
  return (
    <GameFrame game="root-tree" step={null}>
      <Card withBorder padding="lg" data-testid="root-card" data-root={family.root}>
        <Stack gap="md">
          <Stack gap={0} align="center">
            <Text size="sm" c="dimmed">
              {t("rootTree.root")}
            </Text>
            <Hebrew className={classes.promptHebrew} size="xxl">
              {family.root}
            </Hebrew>
            <Text size="lg" fw={600} ta="center">
              <bdi>{family.definition}</bdi>
            </Text>
          </Stack>
          <Text fw={600} id="root-words-label">
            {t("rootTree.words", { shown: words.length, total: family.words.length })}
          </Text>
          <Stack
            gap="xs"
            component="ul"
            aria-labelledby="root-words-label"
            aria-live="polite"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
          >
            {words.map((w, i) => (
              <li key={w.id}>
                <UnstyledButton
                  ref={i === words.length - 1 ? lastWord : undefined}
                  onClick={() => setOpen(fromWord(w))}
                  aria-haspopup="dialog"
                  className={classes.focusable}
                  data-testid="root-word"
                  data-word-id={w.id}
                  p="xs"
                  w="100%"
                  style={{ border: "1px solid var(--mantine-color-gray-4)", borderRadius: 8 }}
                >
                  <Group gap="sm" wrap="wrap">
                    <Hebrew size="lg">{w.word_with_nikkud || w.word_he || w.hebrew}</Hebrew>
                    <Text c="dimmed">
                      <bdi>{w.translation}</bdi>
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </Stack>
      </Card>
      <Group gap="sm" justify="center">
        <Button
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => {
            setState(addMore);
            requestAnimationFrame(() => lastWord.current?.focus());
          }}
          disabled={!canAddMore(state)}
          data-testid="add-more"
        >
          {t("rootTree.addMore")}
        </Button>
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
          onClick={() => setState((s) => newRoot(s, rng))}
          data-testid="new-root"
        >
          {t("rootTree.newRoot")}
        </Button>
        <Button variant="subtle" onClick={() => finish(rootTreeResults(state, session.sessionId))} data-testid="finish">
          {t("finish")}
        </Button>
      </Group>
      <WordCardModal word={open} onClose={() => setOpen(null)} />
    </GameFrame>
  );
}
