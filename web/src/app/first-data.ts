// The first page's API reads, started with the app (issue 16, LCP): before, each waited for the page's chunk to load
// and the page to render, and /words read its words only once the active module had answered. Here they start
// while the code and the texts load, into the same query cache and under the same keys the pages read, so a page
// finds them answered or under way. Only reads a page makes anyway; a guess that turns out wrong (a stored module
// id the server no longer has active) costs one read whose answer is not shown.
import { MODULE_GAMES, type ModuleGame } from "@ivrit/core/games";
import { isLanguage, type Language } from "@ivrit/core/languages";
import { BEGINNER_MODULE_ID } from "@ivrit/core/plans";
import type { QueryClient } from "@tanstack/react-query";
import { GAME_SCREENS } from "../features/games/play/screens.ts";
import { startWordsEarly } from "../features/games/session/early-words.ts";
import { activeModuleQueryOptions } from "../shared/api/get-active-module.ts";
import { entitlementsQueryOptions } from "../shared/api/get-entitlements.ts";
import { meQueryOptions } from "../shared/api/get-me.ts";
import { modulesQueryOptions } from "../shared/api/get-modules.ts";
import { reviewProgressQueryOptions } from "../shared/api/get-review-progress.ts";
import { reviewQueueQueryOptions } from "../shared/api/get-review-queue.ts";
import { reviewWordsQueryOptions } from "../shared/api/get-review-words.ts";
import { moduleWordsParams, wordsQueryOptions } from "../shared/api/get-words.ts";
import { reviewSettingsQueryOptions } from "../shared/api/review-settings.ts";
import { i18n } from "../shared/i18n.ts";
import { needsFirstRun, storedActiveModuleId, storedLevel } from "../shared/storage.ts";
import { BEHIND_FIRST_RUN } from "./first-run.tsx";

/** Starts a page's reads; /words also answers when the reads its first paint shows have answered. */
type Prefetch = (client: QueryClient, language: Language, search: URLSearchParams) => Promise<unknown> | undefined;

/** /words: the active module and, in parallel, the words (and their review states) of the module stored as active. */
const words: Prefetch = (client, language, search) => {
  const active = client.prefetchQuery(activeModuleQueryOptions(language));
  const stored = storedActiveModuleId();
  if (stored === null || stored === BEGINNER_MODULE_ID || search.get("view") === "beginner") return active;
  return Promise.all([
    active,
    client.prefetchQuery(wordsQueryOptions(moduleWordsParams(language, stored))),
    client.prefetchQuery(reviewWordsQueryOptions(stored)),
  ]);
};

/** By the path's first segment; the pages behind the first-run check (app/first-run.tsx) read nothing before it is done. */
const FIRST_DATA: Record<string, Prefetch> = {
  home: (client, language) => {
    // Level 1 sends the chooser to the beginner menu.
    if (storedLevel() === 1) return;
    void client.prefetchQuery(activeModuleQueryOptions(language));
    void client.prefetchQuery(reviewQueueQueryOptions());
  },
  words,
  library: (client, language) => {
    void client.prefetchQuery(modulesQueryOptions(language, true));
    void client.prefetchQuery(activeModuleQueryOptions(language));
    void client.prefetchQuery(reviewProgressQueryOptions(language));
  },
};
FIRST_DATA.games = FIRST_DATA.home as Prefetch;
FIRST_DATA.progress = (client, language) => {
  void client.prefetchQuery(reviewProgressQueryOptions(language));
  void client.prefetchQuery(reviewSettingsQueryOptions());
};

/** /game/{moduleId}/{game}: the game's words and its screen (each in a chunk of its own, loading beside the page's). */
function game(language: Language, path: string[]): void {
  const [, , id, name] = path;
  const moduleId = Number(id);
  if (!Number.isInteger(moduleId) || moduleId <= 0 || !MODULE_GAMES.includes(name as ModuleGame)) return;
  startWordsEarly(name as ModuleGame, moduleId, language);
  GAME_SCREENS[name as ModuleGame].preload().catch(() => {}); // a failed load is tried again by the page
}

/**
 * Starts the reads of the page at `location` and of the header (the plan and the profile), into `client`. Answers
 * once /words' reads have answered (its cards are then in the first paint, not a loader replaced by its largest
 * paint: decision 0064); at once for the other pages, whose places and skeletons are made for data that comes later.
 */
export function prefetchFirstPage(
  client: QueryClient,
  location: Pick<Location, "pathname" | "search">,
): Promise<unknown> | undefined {
  void client.prefetchQuery(entitlementsQueryOptions());
  void client.prefetchQuery(meQueryOptions());
  const path = location.pathname.split("/");
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  // A game's address names what to play: no first-run check (app/router.tsx).
  if (path[1] === "game") {
    game(language, path);
    return;
  }
  const page = FIRST_DATA[path[1] ?? ""];
  if (!page || (BEHIND_FIRST_RUN.has(path[1] ?? "") && needsFirstRun())) return;
  const reads = page(client, language, new URLSearchParams(location.search));
  return path[1] === "words" ? reads : undefined;
}
