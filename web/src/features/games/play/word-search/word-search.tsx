// Word search (SPEC section 4): a 6x6 grid of 56 px cells. Select a straight line of cells by tapping, by
// dragging (mouse or touch), or with the arrow keys and Enter/Space on the focused cell (roving tabindex),
// then check it or clear it. Found words are highlighted in the grid and ticked in the list. The list spells each
// word as the grid holds it (tap: pointed); "Hint" marks the current word's cells from its first, "Show me"
// reveals it, answered as not found (issue 24).
import { gameName } from "@ivrit/core/games";
import { WORD_SEARCH } from "@ivrit/core/games/constants";
import {
  buildWordSearch,
  type Cell,
  checkSelection,
  clearSelection,
  currentWord,
  extendSelection,
  giveHint,
  hintedCells,
  isFinished,
  isWordFound,
  selectCell,
  selectedLetters,
  showWord,
  type WordSearchState,
  wordSearchResults,
} from "@ivrit/core/games/word-search";
import { createRng } from "@ivrit/core/rng";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconBulb, IconCircleCheck, IconEye } from "@tabler/icons-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from "react";
import { EmptyState } from "../../../../shared/game/empty-state.tsx";
import { Feedback, type Tone } from "../../../../shared/game/feedback.tsx";
import { GameFrame } from "../../../../shared/game/game-frame.tsx";
import { useFinishGame } from "../../../../shared/game/use-finish.ts";
import { usePlayRecord } from "../../../../shared/game/use-play-record.ts";
import { progress, reviewEvents } from "../../../../shared/session/records.ts";
import { Hebrew } from "../../../../shared/ui/hebrew.tsx";
import { useTranslation } from "../../../../shared/use-translation.ts";
import type { WordSession } from "../../session/use-word-session.ts";
import classes from "./word-search.module.css";

/** Time to see the last word highlighted before /game-over. */
const FINISH_WAIT_MS = 900;

export function WordSearch({ session, onRestart }: { session: WordSession; onRestart: () => void }) {
  const start = useMemo(() => buildWordSearch(session.words, createRng(session.seed)), [session]);
  usePlayRecord(start.kind === "ready" ? session : null);
  if (start.kind !== "ready") {
    return (
      <GameFrame game="word-search">
        <EmptyState textKey="wordSearch.noWords" onRestart={onRestart} />
      </GameFrame>
    );
  }
  return <Board session={session} initial={start.state} />;
}

const key = (c: Cell) => `${c.row}:${c.col}`;

function cellFromPoint(x: number, y: number): Cell | null {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-row]");
  if (!el) return null;
  return { row: Number(el.dataset.row), col: Number(el.dataset.col) };
}

function Board({ session, initial }: { session: WordSession; initial: WordSearchState }) {
  const { t } = useTranslation("play");
  const finish = useFinishGame();
  const [state, setState] = useState(initial);
  const [message, setMessage] = useState<{ tone: Tone; text: string } | null>(null);
  const [focus, setFocus] = useState<Cell>({ row: 0, col: 0 });
  const cells = useRef(new Map<string, HTMLDivElement>());
  const drag = useRef<{ start: Cell; moved: boolean; pointerId: number } | null>(null);
  const size = state.grid.length;
  const done = isFinished(state);

  const selected = useMemo(() => new Set(state.selection.map(key)), [state.selection]);
  const found = useMemo(
    () => new Set(state.found.filter((f) => !f.revealed).flatMap((f) => f.cells.map(key))),
    [state.found],
  );
  const revealed = useMemo(
    () => new Set(state.found.filter((f) => f.revealed).flatMap((f) => f.cells.map(key))),
    [state.found],
  );
  const hinted = useMemo(() => new Set(hintedCells(state).map(key)), [state]);
  const current = currentWord(state);
  // The words whose pointed form the learner asked to see in the list.
  const [pointed, setPointed] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => finish(wordSearchResults(state, session.sessionId)), FINISH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [done, state, session.sessionId, finish]);

  const apply = (next: WordSearchState, accepted: boolean) => {
    if (!accepted) {
      setMessage({ tone: "info", text: t("wordSearch.straightLine") });
      return;
    }
    setMessage(null);
    setState(next);
  };

  const check = (from: WordSearchState = state) => {
    const { state: next, outcome } = checkSelection(from);
    setState(next);
    if (outcome === "found") {
      const word = next.words[next.found.at(-1)?.word ?? -1];
      if (word) {
        progress.add(word.word.id, 1);
        // Found in the grid: right, with no speed to speak of (the search time is not the recall time); each
        // cell a hint marked counts as a mistake.
        const helped = state.hints[next.found.at(-1)?.word ?? -1] ?? 0;
        reviewEvents.answer(word.word.id, gameName("word-search"), {
          correct: true,
          mistakes: helped,
          elapsedMs: null,
        });
      }
      setMessage({ tone: "correct", text: t("wordSearch.found", { word: word?.translation ?? "" }) });
    } else if (outcome === "alreadyFound") {
      setMessage({ tone: "info", text: t("wordSearch.alreadyFound") });
    } else if (outcome === "notAWord") {
      setMessage({ tone: "wrong", text: t("wordSearch.notAWord") });
    } else {
      setMessage({ tone: "info", text: t("wordSearch.empty") });
    }
  };

  const moveFocus = (cell: Cell) => {
    const c = { row: Math.max(0, Math.min(size - 1, cell.row)), col: Math.max(0, Math.min(size - 1, cell.col)) };
    setFocus(c);
    cells.current.get(key(c))?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, cell: Cell) => {
    // The grid is right-to-left (column 0 on the right), so the left arrow goes to the next column.
    const moves: Record<string, Cell> = {
      ArrowUp: { row: cell.row - 1, col: cell.col },
      ArrowDown: { row: cell.row + 1, col: cell.col },
      ArrowLeft: { row: cell.row, col: cell.col + 1 },
      ArrowRight: { row: cell.row, col: cell.col - 1 },
      Home: { row: cell.row, col: 0 },
      End: { row: cell.row, col: size - 1 },
    };
    const target = moves[e.key];
    if (target) {
      e.preventDefault();
      moveFocus(target);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const r = selectCell(state, cell);
      apply(r.state, r.accepted);
    } else if (e.key === "Escape") {
      setState(clearSelection(state));
    }
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const cell = cellFromPoint(e.clientX, e.clientY);
    if (!cell || e.button > 0) return;
    e.preventDefault();
    drag.current = { start: cell, moved: false, pointerId: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setFocus(cell);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const cell = cellFromPoint(e.clientX, e.clientY);
    if (!cell) return;
    if (!d.moved && key(cell) === key(d.start)) return;
    const base = d.moved ? state : { ...state, selection: [d.start] };
    d.moved = true;
    const r = extendSelection(base, cell);
    if (r.accepted) setState(r.state);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.pointerId !== e.pointerId) return;
    if (!d.moved) {
      const r = selectCell(state, d.start);
      apply(r.state, r.accepted);
      return;
    }
    // A drag that spells a hidden word is checked at once; anything else stays selected to fix or clear.
    if (checkSelection(state).outcome === "found") check(state);
    else setMessage(null);
  };

  const hint = () => {
    const next = giveHint(clearSelection(state));
    const word = current === null ? null : next.words[current];
    setState(next);
    if (word) setMessage({ tone: "info", text: t("wordSearch.hintShown", { word: word.translation }) });
  };
  const show = () => {
    const word = current === null ? null : state.words[current];
    if (!word) return;
    setState(showWord(state));
    // Shown, not found: the learning memory hears a wrong answer.
    reviewEvents.answer(word.word.id, gameName("word-search"), { correct: false, mistakes: 0, elapsedMs: null });
    setMessage({ tone: "info", text: t("wordSearch.shown", { word: word.translation }) });
  };

  const letters = selectedLetters(state).join("");
  const px = `${WORD_SEARCH.CELL_PX}px`;
  return (
    <GameFrame game="word-search" step={null}>
      <Text c="dimmed">{t("wordSearch.prompt")}</Text>
      <div className={classes.layout}>
        <Stack gap="sm">
          {/* biome-ignore lint/a11y/useSemanticElements: an interactive letter grid, not a data table */}
          <div
            role="grid"
            aria-label={t("wordSearch.grid")}
            dir="rtl"
            lang="he"
            className={classes.grid}
            style={{ gridTemplateColumns: `repeat(${size}, ${px})` }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              drag.current = null;
            }}
            data-testid="grid"
          >
            {state.grid.map((row, r) => (
              // biome-ignore lint/a11y/useSemanticElements: see the grid
              // biome-ignore lint/a11y/useFocusableInteractive: rows hold the focusable cells
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows never move
              <div role="row" className={classes.row} key={`r${r}`}>
                {row.map((letter, c) => {
                  const cell = { row: r, col: c };
                  const k = key(cell);
                  const isSelected = selected.has(k);
                  return (
                    // biome-ignore lint/a11y/useSemanticElements: see the grid
                    <div
                      key={k}
                      role="gridcell"
                      ref={(el) => {
                        if (el) cells.current.set(k, el);
                        else cells.current.delete(k);
                      }}
                      tabIndex={focus.row === r && focus.col === c ? 0 : -1}
                      aria-selected={isSelected}
                      aria-label={t("wordSearch.cell", { letter, row: r + 1, col: c + 1 })}
                      className={classes.cell}
                      style={{ width: px, height: px }}
                      data-row={r}
                      data-col={c}
                      data-selected={isSelected || undefined}
                      data-found={found.has(k) || undefined}
                      data-revealed={revealed.has(k) || undefined}
                      data-hint={hinted.has(k) || undefined}
                      onKeyDown={(e) => onKeyDown(e, cell)}
                      onFocus={() => setFocus(cell)}
                      onClick={(e) => {
                        // Screen readers activate with a click that has no pointer behind it.
                        if (e.detail === 0) {
                          const res = selectCell(state, cell);
                          apply(res.state, res.accepted);
                        }
                      }}
                    >
                      {letter}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          <Text size="sm" c="dimmed" aria-live="off" style={{ minHeight: "1.8rem" }}>
            {t("wordSearch.selected")}{" "}
            {letters ? <Hebrew size="md">{letters}</Hebrew> : <span aria-hidden="true">—</span>}
          </Text>
          <Group gap="sm">
            <Button onClick={() => check()} data-testid="check" disabled={done}>
              {t("wordSearch.check")}
            </Button>
            <Button
              variant="default"
              onClick={() => setState(clearSelection(state))}
              data-testid="clear"
              disabled={done}
            >
              {t("wordSearch.clear")}
            </Button>
          </Group>
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconBulb size={18} aria-hidden="true" />}
              onClick={hint}
              data-testid="hint"
              disabled={done}
            >
              {t("wordSearch.hint")}
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconEye size={18} aria-hidden="true" />}
              onClick={show}
              data-testid="show-me"
              disabled={done}
            >
              {t("wordSearch.showMe")}
            </Button>
          </Group>
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>{t("wordSearch.foundCount", { found: state.found.length, total: state.words.length })}</Text>
          <ul className={classes.words} data-testid="word-list">
            {state.words.map((w, i) => {
              const isRevealed = state.found.some((f) => f.word === i && f.revealed);
              const isFound = isWordFound(state, i) && !isRevealed;
              const showPointed = pointed.has(i);
              return (
                <li
                  key={w.word.id}
                  className={classes.word}
                  data-found={isFound || undefined}
                  data-revealed={isRevealed || undefined}
                  data-current={(i === current && state.hints[i] !== undefined) || undefined}
                  data-word-id={w.word.id}
                >
                  <Group gap={6} wrap="nowrap">
                    {isFound ? (
                      <IconCircleCheck size={20} aria-label={t("wordSearch.foundMark")} />
                    ) : isRevealed ? (
                      <IconEye size={20} aria-label={t("wordSearch.revealedMark")} />
                    ) : (
                      <span style={{ width: 20 }} aria-hidden="true" />
                    )}
                    {/* As the grid spells it; a tap shows (or hides) the vowels. */}
                    <button
                      type="button"
                      className={classes.wordButton}
                      aria-pressed={showPointed}
                      aria-label={t("wordSearch.showVowels", { word: w.plain })}
                      onClick={() =>
                        setPointed((p) => {
                          const n = new Set(p);
                          if (!n.delete(i)) n.add(i);
                          return n;
                        })
                      }
                      data-testid="list-word"
                    >
                      <Hebrew className={classes.wordHebrew}>{showPointed ? w.hebrew : w.plain}</Hebrew>
                    </button>
                    <Text span c="dimmed">
                      <bdi>{w.translation}</bdi>
                    </Text>
                  </Group>
                </li>
              );
            })}
          </ul>
        </Stack>
      </div>
      <Feedback tone={message?.tone ?? null}>{message?.text}</Feedback>
    </GameFrame>
  );
}
