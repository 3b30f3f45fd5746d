// The module games' screens, each in a chunk of its own: a game's page loads the one screen it plays, not all
// eight, and a game opened as the first page starts loading its screen with the app (app/first-data.ts); once
// loaded, a screen renders without suspending (shared/lazy-page.ts).
import type { ModuleGame } from "@ivrit/core/games";
import type { ComponentType } from "react";
import { lazyPage } from "../../../shared/lazy-page.ts";
import type { WordSession } from "../session/use-word-session.ts";

type ScreenProps = { session: WordSession; onRestart: () => void };
const screen = (load: () => Promise<ComponentType<ScreenProps>>) =>
  lazyPage<ScreenProps>(() => load().then((component) => ({ default: component })));

export const GAME_SCREENS: Record<ModuleGame, ReturnType<typeof screen>> = {
  "translation-match": screen(() =>
    import("./translation-match/translation-match.tsx").then((m) => m.TranslationMatch),
  ),
  "word-search": screen(() => import("./word-search/word-search.tsx").then((m) => m.WordSearch)),
  "sentence-scramble": screen(() =>
    import("./sentence-scramble/sentence-scramble.tsx").then((m) => m.SentenceScramble),
  ),
  "verb-conjugation": screen(() => import("./verb-conjugation/verb-conjugation.tsx").then((m) => m.VerbConjugation)),
  "tense-guesser": screen(() => import("./tense-guesser/tense-guesser.tsx").then((m) => m.TenseGuesser)),
  flashcards: screen(() => import("./flashcards/flashcards.tsx").then((m) => m.Flashcards)),
  "root-recall": screen(() => import("./root-recall/root-recall.tsx").then((m) => m.RootRecall)),
  "root-tree": screen(() => import("./root-tree/root-tree.tsx").then((m) => m.RootTree)),
};
