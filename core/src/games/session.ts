// The pure parts of a game session (SPEC sections 4 "Game session" and 7 "Session loads"): which words call
// loads a game's pool, when a start repeats the last one, when a start waits after a load error, and what a
// language change refreshes. The web layer owns the timers and the requests.
import type { ModuleGame } from "../games.ts";
import type { Language } from "../languages.ts";
import { BEGINNER_MODULE_ID, type Tier } from "../plans.ts";
import type { WordsQueryInput } from "../schemas/api.ts";
import { DELAYS_MS, SESSION_LOADS } from "./constants.ts";

export interface SessionContext {
  language: Language;
  /** The active module; null when there is none. */
  moduleId: number | null;
  /** The user's tier: tier-based games merge it with the tiers below. */
  tier: Tier;
}

/**
 * The GET /words query string parameters for a game's pool; null for a module game without a module (the
 * screen prompts to choose one). `refresh` is the tense guesser's second, larger load.
 */
export function sessionQuery(
  game: ModuleGame,
  context: SessionContext,
  options: { refresh?: boolean; seed?: number } = {},
): WordsQueryInput | null {
  const load = SESSION_LOADS[game];
  const seed: Record<string, string> = options.seed === undefined ? {} : { seed: String(options.seed) };
  if (load.mode === "module") {
    if (context.moduleId === null) return null;
    return {
      language: context.language,
      moduleId: String(context.moduleId),
      limit: String(load.limit),
      random: "1",
      ...seed,
    };
  }
  const perTier = options.refresh && load.refreshPerTierLimit ? load.refreshPerTierLimit : load.perTierLimit;
  const perTierLimit: Record<string, string> = perTier === undefined ? {} : { perTierLimit: String(perTier) };
  return {
    language: context.language,
    tier: `${context.tier}` as const,
    includeLowerTiers: "1",
    ...perTierLimit,
    limit: String(load.limit),
    random: "1",
    shuffleAfterMerge: "1",
    includeRoots: "1",
    ...seed,
  };
}

/**
 * The fields a game's screen reads (issue 16): lean words in the learner's language; the example sentence for the
 * games that show it (the scramble plays it, the module games' cards and the root tree's word card show it) and the
 * conjugation tables for verb conjugation only. Added by the web client to sessionQuery's load; getWords expands them.
 */
export function sessionFields(game: ModuleGame): Pick<WordsQueryInput, "fields" | "sentences" | "forms"> {
  const moduleGame = SESSION_LOADS[game].mode === "module";
  return {
    fields: "lean",
    ...((moduleGame || game === "root-tree") && { sentences: "1" }),
    ...(game === "verb-conjugation" && { forms: "1" }),
  };
}

/** Two starts with the same key load the same pool: the second is skipped. */
export function startKey(game: ModuleGame, context: SessionContext): string {
  const load = SESSION_LOADS[game];
  const scope = load.mode === "module" ? `module:${context.moduleId ?? "none"}` : `tier:${context.tier}`;
  return `${game}|${context.language}|${scope}`;
}

/**
 * How long the verb and tense games wait before starting: the rest of the 5 s after a words-load error,
 * else 0. Other games start at once.
 */
export function startDelayMs(game: ModuleGame, lastLoadErrorAt: number | null, now: number): number {
  if (game !== "verb-conjugation" && game !== "tense-guesser") return 0;
  if (lastLoadErrorAt === null) return 0;
  const left = lastLoadErrorAt + DELAYS_MS.LOAD_ERROR_POSTPONE - now;
  return Math.max(left, 0);
}

/** On a language change the beginner module refreshes the active module; anything else reloads the words (forced). */
export function languageChangeAction(activeModuleId: number | null): "refreshActiveModule" | "refreshSession" {
  return activeModuleId === BEGINNER_MODULE_ID ? "refreshActiveModule" : "refreshSession";
}
