// The module games' screens, each in a chunk of its own: a game's page loads the one screen it plays, not all
// eight, and a game opened as the first page starts loading its screen with the app (app/first-data.ts).
import type { ModuleGame } from "@ivrit/core/games";
import type { ComponentType } from "react";
import type { WordSession } from "../session/use-word-session.ts";

export type ScreenProps = { session: WordSession; onRestart: () => void };
type Screen = ComponentType<ScreenProps>;

const LOADERS: Record<ModuleGame, () => Promise<Screen>> = {
  "translation-match": () => import("./translation-match/translation-match.tsx").then((m) => m.TranslationMatch),
  "word-search": () => import("./word-search/word-search.tsx").then((m) => m.WordSearch),
  "sentence-scramble": () => import("./sentence-scramble/sentence-scramble.tsx").then((m) => m.SentenceScramble),
  "verb-conjugation": () => import("./verb-conjugation/verb-conjugation.tsx").then((m) => m.VerbConjugation),
  "tense-guesser": () => import("./tense-guesser/tense-guesser.tsx").then((m) => m.TenseGuesser),
  flashcards: () => import("./flashcards/flashcards.tsx").then((m) => m.Flashcards),
  "root-recall": () => import("./root-recall/root-recall.tsx").then((m) => m.RootRecall),
  "root-tree": () => import("./root-tree/root-tree.tsx").then((m) => m.RootTree),
};

const loading = new Map<ModuleGame, Promise<Screen>>();

/** The game's screen, loaded once (a failed load is tried again on the next call). */
export function loadGameScreen(game: ModuleGame): Promise<Screen> {
  let screen = loading.get(game);
  if (!screen) {
    screen = LOADERS[game]();
    loading.set(game, screen);
    screen.catch(() => loading.delete(game));
  }
  return screen;
}
