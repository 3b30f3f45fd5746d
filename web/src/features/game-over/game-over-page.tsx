// /game-over: confetti (180 pieces), the practised items (each opens its word card), home by level.
import "@mantine/core/styles/Badge.css";
import { celebrates, isScored, type Praise, praiseOf } from "@ivrit/core/games/results";
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconCheck, IconTrophy, IconX } from "@tabler/icons-react";
import { useQueries } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLevel } from "../../shared/api/get-me.ts";
import { getWords, MODULE_WORD_LIMIT } from "../../shared/api/get-words.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { type CardWord, fromWord } from "../../shared/card-word.ts";
import { type GameResults, itemsLabelKey, type ResultsGameType, readResults } from "../../shared/game/results.ts";
import { logError } from "../../shared/log.ts";
import { Link, useLocation } from "../../shared/router.tsx";
import { ERROR_TEXT, SUCCESS_TEXT } from "../../shared/ui/colors.ts";
import { Hebrew } from "../../shared/ui/hebrew.tsx";
import { WordCardModal } from "../../shared/ui/word-card-modal.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useTranslation } from "../../shared/use-translation.ts";

export const CONFETTI_PIECES = 180;

/** A practised item; wordId when it is a module word whose whole entry the card can fetch. */
export type ResultItem = CardWord & { wordId?: number; outcome?: "correct" | "wrong" };

const outcomeOf = (o: string | undefined): Pick<ResultItem, "outcome"> =>
  o === "correct" || o === "wrong" ? { outcome: o } : {};

/**
 * What the page says of the round: a score for the games that score (not flashcards, not root tree), and
 * whether anything was asked at all (a round skipped to the end is not celebrated).
 */
export function roundSummary(r: GameResults | null, itemCount: number): { scored: boolean; empty: boolean } {
  const scored =
    r !== null &&
    typeof r.correct === "number" &&
    typeof r.total === "number" &&
    (r.gameType === undefined || isScored(r.gameType as ResultsGameType));
  const empty = itemCount === 0 || (scored && r?.total === 0);
  return { scored: scored && !empty, empty };
}

export function resultItems(r: GameResults): ResultItem[] {
  const words: ResultItem[] = (r.learnedWords ?? []).map((w, i) => ({
    key: `w${w.id ?? i}-${i}`,
    wordId: typeof w.id === "number" && Number.isInteger(w.id) && w.id >= 1000 ? w.id : undefined,
    hebrew: w.hebrew ?? "",
    nikkud: w.word_with_nikkud || w.hebrew || "",
    translation: w.translation ?? "",
    transliteration: w.transliteration,
    roots: [],
    category: w.category ?? null,
    audioPath: w.audio_path ?? null,
    ...outcomeOf(w.outcome),
  }));
  const roots: ResultItem[] = (r.learnedRoots ?? []).map((root, i) => ({
    key: `r${root.id ?? i}-${i}`,
    hebrew: root.hebrew || root.word || "",
    nikkud: root.word_with_nikkud || root.hebrew || root.word || "",
    translation: root.translation ?? "",
    roots: root.root ? [{ root: root.root, meaning: root.root_definition ?? "" }] : [],
    audioPath: root.audio_path ?? null,
    ...outcomeOf(root.outcome),
  }));
  return [...words, ...roots];
}

/** A word id is its module's id x 1000 + n (content/FORMAT.md), so the id names the module to ask /words for. */
export function moduleOfWord(wordId: number): number {
  return Math.floor(wordId / 1000);
}

/**
 * The results state carries only what a game showed (spelling, translation); the card needs the whole word (root,
 * category, transliteration, example). The modules' word lists are fetched as the page opens, with the words page's
 * query, so the card is complete by the time it is tapped and the cache is shared.
 */
function useWholeWords(items: ResultItem[]): Map<number, CardWord> {
  const language = useLanguage();
  const modules = useMemo(
    () => [...new Set(items.flatMap((w) => (w.wordId ? [moduleOfWord(w.wordId)] : [])))].slice(0, 4),
    [items],
  );
  return useQueries({
    queries: modules.map((moduleId) => {
      const params = { language, moduleId, limit: String(MODULE_WORD_LIMIT), fields: "full" as const };
      return {
        queryKey: queryKeys.words(params),
        queryFn: ({ signal }: { signal: AbortSignal }) => getWords(params, signal),
        staleTime: 5 * 60_000,
      };
    }),
    combine: (results) => {
      const byId = new Map<number, CardWord>();
      for (const r of results) for (const w of r.data?.items ?? []) byId.set(w.id, fromWord(w));
      return byId;
    },
  });
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The words missed in this game, and a review session of exactly those. */
function MissedWords({ results }: { results: GameResults }) {
  const { t } = useTranslation("review");
  const ids = (results.missedWordIds ?? []).filter((id) => Number.isInteger(id) && id > 0).slice(0, 20);
  if (ids.length === 0) return null;
  const byId = new Map((results.learnedWords ?? []).map((w) => [w.id, w]));
  return (
    <Card withBorder padding="md" data-testid="missed-words">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("gameOver.missed")}
        </Title>
        <Group gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {ids.map((id) => {
            const w = byId.get(id);
            return (
              <li key={id} data-word-id={id}>
                <Hebrew size="lg">{w?.word_with_nikkud || w?.hebrew}</Hebrew>
                {w?.translation && (
                  <Text span c="dimmed">
                    {" "}
                    <bdi>{w.translation}</bdi>
                  </Text>
                )}
              </li>
            );
          })}
        </Group>
        <Button component={Link} to={`/review?words=${ids.join(",")}`} style={{ alignSelf: "flex-start" }}>
          {t("gameOver.practise")}
        </Button>
      </Stack>
    </Card>
  );
}

/** A right or wrong answer, in words and by icon and colour (not by colour alone). */
function OutcomeMark({ outcome }: { outcome: "correct" | "wrong" }) {
  const { t } = useTranslation("games");
  return outcome === "wrong" ? (
    <Badge color={ERROR_TEXT} variant="outline" leftSection={<IconX size={14} aria-hidden="true" />} tt="none">
      {t("gameOver.wrongMark")}
    </Badge>
  ) : (
    <Badge color={SUCCESS_TEXT} variant="outline" leftSection={<IconCheck size={14} aria-hidden="true" />} tt="none">
      {t("gameOver.rightMark")}
    </Badge>
  );
}

export default function GameOverPage() {
  const { t } = useTranslation(["games", "common", "review"]);
  const location = useLocation();
  const level = useLevel();
  const results = useMemo(() => readResults(location.state), [location.state]);
  const items = useMemo(() => (results ? resultItems(results) : []), [results]);
  const [open, setOpen] = useState<ResultItem | null>(null);
  const whole = useWholeWords(items);
  const openCard = open ? (open.wordId && whole.get(open.wordId)) || open : null;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { scored, empty } = roundSummary(results, items.length);
  // Praise by score (issue 24.4): encouragement at 0 of 5, the confetti only when earned.
  const praise: Praise | null = scored ? praiseOf(results?.correct ?? 0, results?.total ?? 0) : null;
  const celebrate = !empty && (praise === null || celebrates(praise));

  // The result is what the page is about: focus moves to its heading (a screen reader reads it, and the score
  // under it is a status line, announced).
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!celebrate || prefersReducedMotion() || !canvas) return;
    let cancelled = false;
    let reset: (() => void) | undefined;
    import("canvas-confetti")
      .then(({ default: confetti }) => {
        if (cancelled) return;
        // Our own canvas and no worker: the default cannon draws from a blob: worker, which the content security
        // policy (worker-src 'self') blocks, so nothing was ever drawn. On the main thread it is 180 pieces for
        // a few seconds, which a phone draws without trouble.
        const cannon = confetti.create(canvas, { resize: true, useWorker: false });
        reset = cannon.reset;
        void cannon({
          particleCount: CONFETTI_PIECES,
          spread: 90,
          origin: { y: 0.6 },
          disableForReducedMotion: true,
        });
      })
      .catch((e: unknown) => logError("confetti", e));
    return () => {
      cancelled = true;
      reset?.();
    };
  }, [celebrate]);

  const home = level === 1 ? "/beginner" : "/home";
  const labelKey = results ? itemsLabelKey(results) : "items";
  return (
    <Stack gap="md" maw={860}>
      <canvas
        ref={canvasRef}
        data-testid="confetti"
        style={{ position: "fixed", inset: 0, width: "100%", height: "100%", pointerEvents: "none", zIndex: 200 }}
      />
      <Group gap="sm" wrap="nowrap">
        {celebrate && <IconTrophy size={40} color="var(--mantine-color-yellow-8)" aria-hidden="true" />}
        <Title
          order={1}
          ref={headingRef}
          tabIndex={-1}
          style={{ outline: "none" }}
          data-testid="game-over-title"
          data-praise={praise ?? undefined}
        >
          {empty ? t("gameOver.titleEmpty") : praise ? t(`gameOver.praise.${praise}`) : t("gameOver.title")}
        </Title>
      </Group>
      <Text size="lg" role="status" data-testid="round-summary">
        {empty
          ? t("gameOver.noneAsked")
          : scored
            ? `${t("gameOver.score", { correct: results?.correct, total: results?.total })} ${
                praise === "effort" || praise === "start" ? t("review:done.praise.start") : ""
              }`.trim()
            : t("gameOver.seen", { count: items.length })}
      </Text>
      <Title order={2} size="h3">
        {t(`gameOver.practised.${labelKey}`)}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{t("gameOver.none")}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="sm"
          component="ul"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
        >
          {items.map((w) => (
            <li key={w.key}>
              <Card
                withBorder
                padding={0}
                style={
                  w.outcome === "wrong" ? { borderColor: "var(--mantine-color-red-8)", borderWidth: 2 } : undefined
                }
              >
                <UnstyledButton
                  onClick={() => setOpen(w)}
                  p="sm"
                  w="100%"
                  aria-haspopup="dialog"
                  data-testid="practised-item"
                  data-outcome={scored ? w.outcome : undefined}
                >
                  <Stack gap={0}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Hebrew size="lg">{w.nikkud || w.hebrew}</Hebrew>
                      {scored && w.outcome && <OutcomeMark outcome={w.outcome} />}
                    </Group>
                    {w.roots[0] && (
                      <Text size="sm" c="dimmed">
                        <Hebrew size="sm">{w.roots[0].root}</Hebrew>
                        {w.roots[0].meaning && (
                          <>
                            {" "}
                            · <bdi>{w.roots[0].meaning}</bdi>
                          </>
                        )}
                      </Text>
                    )}
                    <Text>
                      <bdi>{w.translation}</bdi>
                    </Text>
                  </Stack>
                </UnstyledButton>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      )}
      {results && <MissedWords results={results} />}
      <Group>
        <Button component={Link} to={home} size="md">
          {t("gameOver.home")}
        </Button>
      </Group>
      <WordCardModal word={openCard} onClose={() => setOpen(null)} />
    </Stack>
  );
}
