// Chooser order and icons of the eight module games (SPEC section 2, Game chooser).
import type { ModuleGame } from "@ivrit/core/games";
import {
  IconArrowsShuffle,
  IconBinaryTree,
  IconCards,
  IconClockHour4,
  IconLanguage,
  IconPuzzle,
  IconSearch,
  IconSeeding,
} from "@tabler/icons-react";
import type { ReactNode } from "react";

export const CHOOSER_ORDER: readonly ModuleGame[] = [
  "translation-match",
  "word-search",
  "sentence-scramble",
  "flashcards",
  "tense-guesser",
  "root-recall",
  "root-tree",
  "verb-conjugation",
];

export function gameIcon(game: ModuleGame): ReactNode {
  const p = { size: 28, stroke: 1.8, "aria-hidden": true } as const;
  switch (game) {
    case "translation-match":
      return <IconLanguage {...p} />;
    case "word-search":
      return <IconSearch {...p} />;
    case "sentence-scramble":
      return <IconArrowsShuffle {...p} />;
    case "flashcards":
      return <IconCards {...p} />;
    case "tense-guesser":
      return <IconClockHour4 {...p} />;
    case "root-recall":
      return <IconSeeding {...p} />;
    case "root-tree":
      return <IconBinaryTree {...p} />;
    case "verb-conjugation":
      return <IconPuzzle {...p} />;
  }
}

/** The route of a game for a module; root tree has no module in its path. */
export function gamePath(game: ModuleGame, moduleId: number | null): string {
  if (moduleId === null) return "/home";
  return game === "root-tree" ? "/game/root-tree" : `/game/${moduleId}/${game}`;
}
