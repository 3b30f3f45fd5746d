// A module game's first words load, started with the app for the game in the address (app/first-data.ts, issue 16),
// and the time of the last words-load error that postpones the verb and tense games. A small module of its own, with
// the app's first code: the request leaves as soon as that code has run, beside the game's chunks (it waited for the
// game chunk when the session module started it).
import type { ModuleGame } from "@ivrit/core/games";
import { SESSION_LOADS } from "@ivrit/core/games/constants";
import { type SessionContext, sessionFields, sessionQuery, startDelayMs, startKey } from "@ivrit/core/games/session";
import type { Language } from "@ivrit/core/languages";
import { PLAN_TIER } from "@ivrit/core/plans";
import { randomSeed } from "@ivrit/core/rng";
import type { WordsResponse } from "@ivrit/core/schemas/api";
import { getWords } from "../../../shared/api/get-words.ts";
import { storedPlan } from "../../../shared/storage.ts";

/** When the last words load failed (epoch ms): the verb and tense games postpone their start after it. */
let lastLoadErrorAt: number | null = null;
/** Kept for the tab too, so a reload or a new game screen within the 5 s still waits (issue 12.7). */
const LOAD_ERROR_KEY = "ivrit.loadErrorAt";

export function noteLoadError(at: number = Date.now()): void {
  lastLoadErrorAt = at;
  try {
    sessionStorage.setItem(LOAD_ERROR_KEY, String(at));
  } catch {
    // the in-memory time still holds for this page
  }
}
export function lastLoadError(): number | null {
  let stored: number | null = null;
  try {
    const raw = sessionStorage.getItem(LOAD_ERROR_KEY);
    stored = raw === null ? null : Number(raw);
  } catch {
    stored = null;
  }
  const times = [lastLoadErrorAt, stored].filter((t): t is number => t !== null && Number.isFinite(t));
  return times.length > 0 ? Math.max(...times) : null;
}

/** A session's first words, asked for before its screen: the seed of the query goes with them. */
export interface EarlyWords {
  seed: number;
  words: Promise<WordsResponse>;
}

let early: (EarlyWords & { key: string }) | null = null;
const earlyKey = (game: ModuleGame, context: SessionContext) => `${startKey(game, context)}|tier:${context.tier}`;

/** Starts the words load a module game's screen would start once its code has loaded and rendered. */
export function startWordsEarly(game: ModuleGame, moduleId: number, language: Language): void {
  if (SESSION_LOADS[game].mode !== "module" || startDelayMs(game, lastLoadError(), Date.now()) > 0) return;
  const context: SessionContext = { language, moduleId, tier: PLAN_TIER[storedPlan() ?? "free"] };
  const seed = randomSeed();
  const query = sessionQuery(game, context, { refresh: false, seed });
  if (query === null) return;
  const words = getWords({ ...query, ...sessionFields(game) });
  words.catch(() => {});
  early = { key: earlyKey(game, context), seed, words };
}

/** The early load, once, when it is the one this screen asks for (same game, module, language and tier). */
export function takeEarlyWords(game: ModuleGame, context: SessionContext): EarlyWords | null {
  const found = early;
  early = null;
  return found && found.key === earlyKey(game, context) ? found : null;
}
