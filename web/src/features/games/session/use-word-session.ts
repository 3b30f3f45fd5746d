// A game's word session (SPEC sections 4 "Game session" and 7 "Session loads"): the pool comes from GET /words
// with core's sessionQuery. The query key is core's startKey, so an identical repeated start (a re-render, a
// second mount) is skipped and reuses the running load; restart asks for a new pool, refresh reloads the same
// start, clear drops it. The verb and tense games wait out the 5 s after a words-load error.
import type { ModuleGame } from "@ivrit/core/games";
import { SESSION_LOADS } from "@ivrit/core/games/constants";
import {
  languageChangeAction,
  type SessionContext,
  sessionFields,
  sessionQuery,
  startDelayMs,
  startKey,
} from "@ivrit/core/games/session";
import { tenseGuesserNeedsRefresh } from "@ivrit/core/games/tense-guesser";
import type { Language } from "@ivrit/core/languages";
import { clampTier, type Tier } from "@ivrit/core/plans";
import { randomSeed } from "@ivrit/core/rng";
import type { Module, Word, WordsResponse } from "@ivrit/core/schemas/api";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, isOfflineError } from "../../../shared/api/client.ts";
import { useActiveModule } from "../../../shared/api/get-active-module.ts";
import { useEntitlements } from "../../../shared/api/get-entitlements.ts";
import { getWords } from "../../../shared/api/get-words.ts";
import { queryKeys } from "../../../shared/api/query-keys.ts";
import { newSessionId, startRetrying } from "../../../shared/session/records.ts";
import { useLanguage } from "../../../shared/use-language.ts";
import { type EarlyWords, lastLoadError, noteLoadError, takeEarlyWords } from "./early-words.ts";

export interface WordSession {
  game: ModuleGame;
  words: Word[];
  module: Module | null;
  locked: boolean;
  sessionId: string;
  /** Seeds the engine's random source: one session, one set of rounds. */
  seed: number;
  language: Language;
  /**
   * The module the play record names: the module of a module game; for the tier games none (they play tiers),
   * except verb conjugation when it asks the verbs of the module in view first.
   */
  moduleId: number | null;
  tier: Tier;
  /**
   * A tier game opened with a module in its URL: that module (it is not what the game plays; the screen says so).
   * null otherwise.
   */
  namedModule: Module | null;
  /** The module the learner has in view (the URL's, else the active one): verb conjugation asks its verbs first. */
  focusModuleId: number | null;
}

export type SessionState =
  | { status: "loading" }
  /** A module game with no module: the screen asks for one. */
  | { status: "noModule" }
  /** message: the server's error text, or null for 'Failed to load words.' */
  | { status: "error"; message: string | null }
  | { status: "ready"; session: WordSession };

/**
 * The server's message when it sent one, or the "not available offline" text; network failures and bare statuses
 * get the generic text.
 */
export function loadErrorMessage(error: unknown): string | null {
  if (isOfflineError(error)) return (error as ApiError).message;
  if (error instanceof ApiError && error.status > 0 && error.code !== "http_error" && error.message.trim() !== "") {
    return error.message;
  }
  return null;
}

/** `first`: the words already asked for with the app (early-words.ts), taken as the first load. */
export async function loadSession(
  game: ModuleGame,
  context: SessionContext,
  signal?: AbortSignal,
  routeModuleId: number | null = null,
  first: EarlyWords | null = null,
): Promise<WordSession> {
  const seed = first?.seed ?? randomSeed();
  const tierGame = SESSION_LOADS[game].mode === "tiers";
  const fetchWords = async (refresh: boolean) => {
    if (!refresh && first) return first.words;
    const query = sessionQuery(game, context, { refresh, seed });
    if (query === null) throw new Error("no module");
    // Only the fields the game's screen reads (issue 16): lean words in the learner's language.
    return getWords({ ...query, ...sessionFields(game) }, signal);
  };
  let res: WordsResponse;
  let namedModule: Module | null = null;
  /** The module whose words the round plays, for the play record: none for the tier games unless said below. */
  let playedModule: number | null = null;
  try {
    if (tierGame && routeModuleId !== null) {
      // The tier games do not load the module in the URL: one empty page of it says its name and whether the
      // learner's plan covers it. A locked module is not played (SPEC section 6: previewable, not playable).
      const probe = await getWords(
        { language: context.language, moduleId: String(routeModuleId), limit: "0", fields: "compact" },
        signal,
      );
      namedModule = probe.module;
      if (probe.locked) {
        return { ...sessionOf(game, context, seed, probe), words: [], moduleId: null, namedModule };
      }
    }
    res = await fetchWords(false);
    // Verb conjugation asks the verbs of the module in view first (issue 12.2): the tier load is a random sample
    // that holds few of them, so that module's verbs are loaded too and joined to the pool.
    if (game === "verb-conjugation" && context.moduleId !== null) {
      const own = await getWords(
        {
          ...sessionFields(game),
          language: context.language,
          moduleId: String(context.moduleId),
          category: "verb",
          limit: "400",
        },
        signal,
      );
      if (!own.locked && own.items.length > 0) {
        const ids = new Set(own.items.map((w) => w.id));
        res = { ...res, items: [...own.items, ...res.items.filter((w) => !ids.has(w.id))] };
        playedModule = context.moduleId;
      }
    }
    // Too few verbs for a full tense round: one larger load (perTierLimit 400) before settling.
    if (game === "tense-guesser" && tenseGuesserNeedsRefresh(res.items)) {
      const more = await fetchWords(true);
      if (more.items.length > res.items.length) res = more;
    }
  } catch (error) {
    if (!(error instanceof DOMException && error.name === "AbortError")) noteLoadError();
    throw error;
  }
  const session = { ...sessionOf(game, context, seed, res), namedModule };
  return tierGame ? { ...session, moduleId: playedModule } : session;
}

function sessionOf(game: ModuleGame, context: SessionContext, seed: number, res: WordsResponse): WordSession {
  const tierGame = SESSION_LOADS[game].mode === "tiers";
  return {
    game,
    words: res.items,
    module: res.module,
    locked: res.locked,
    sessionId: newSessionId(),
    seed,
    language: context.language,
    moduleId: tierGame ? null : context.moduleId,
    tier: context.tier,
    namedModule: null,
    focusModuleId: context.moduleId,
  };
}

export function useWordSession(game: ModuleGame, routeModuleId: number | null) {
  const language = useLanguage();
  const queryClient = useQueryClient();
  const entitlements = useEntitlements();
  // A module in the URL is the game's module: the active one is not read (reading it may auto-pick another,
  // whose POST raced translation match's own and could win).
  const active = useActiveModule(language, routeModuleId === null);
  const moduleGame = SESSION_LOADS[game].mode === "module";

  const tier: Tier | null = entitlements.data ? clampTier(entitlements.data.tier) : null;
  const moduleId = routeModuleId ?? active.data?.id ?? null;
  const context: SessionContext = { language, moduleId, tier: tier ?? 1 };
  const waitingForContext = moduleGame ? routeModuleId === null && active.isPending : tier === null;
  const noModule = moduleGame && !waitingForContext && moduleId === null;

  // The postponement is read at every render, not kept from the first one: a Try again, a switch from one verb
  // game to the other (the same component, reused by the router) or a reload within the 5 s all wait it out.
  const [, setTick] = useState(0);
  const waitMs = startDelayMs(game, lastLoadError(), Date.now());
  const delayed = waitMs > 0;
  useEffect(() => {
    if (!delayed) return;
    const timer = setTimeout(() => setTick((n) => n + 1), waitMs);
    return () => clearTimeout(timer);
  }, [delayed, waitMs]);

  const [nonce, setNonce] = useState(0);
  // A tier game's pool does not depend on the module in the URL, but its notice and lock check do.
  const key = `${startKey(game, context)}${!moduleGame && routeModuleId !== null ? `|named:${routeModuleId}` : ""}`;
  const queryKey = queryKeys.gameSessionRun(key, nonce);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      loadSession(
        game,
        context,
        signal,
        routeModuleId,
        nonce === 0 && routeModuleId !== null ? takeEarlyWords(game, context) : null,
      ),
    enabled: !waitingForContext && !noModule && !delayed,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 0,
  });

  // A new start is the moment to retry what an earlier one could not send.
  useEffect(() => startRetrying(), []);

  // Language change: the beginner module refreshes the active module; anything else loads the words again.
  const previousLanguage = useRef(language);
  useEffect(() => {
    if (previousLanguage.current === language) return;
    previousLanguage.current = language;
    if (languageChangeAction(moduleId) === "refreshActiveModule") {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.activeModuleAll });
    } else {
      setNonce((n) => n + 1);
    }
  }, [language, moduleId, queryClient]);

  /** A new pool and session (Play again, Try again); the verb and tense games respect the postponement. */
  const restart = useCallback(() => {
    queryClient.removeQueries({ queryKey: queryKeys.gameSession(key) });
    setNonce((n) => n + 1);
  }, [queryClient, key]);
  const refresh = useCallback(() => void query.refetch(), [query]);
  const clear = useCallback(
    () => queryClient.removeQueries({ queryKey: queryKeys.gameSession(key) }),
    [queryClient, key],
  );

  let state: SessionState;
  if (noModule) state = { status: "noModule" };
  else if (query.data) state = { status: "ready", session: query.data };
  else if (query.isError) state = { status: "error", message: loadErrorMessage(query.error) };
  else state = { status: "loading" };
  return { state, restart, refresh, clear };
}
