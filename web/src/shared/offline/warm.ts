// The offline warm-up (issue 15): while online, the app fetches what the learner needs to go on with no network,
// and the API client keeps each answer on the device: the words of the active module and of every module opened in
// the last 30 days (the words page's query, from which every module game's pool is cut offline), the pools of the
// tier games, the review queue, a review session and the progress page, the beginner pools for a beginner, and the
// audio files all of these name. Then the store is trimmed to its budget.
import { MODULE_GAMES, type ModuleGame } from "@ivrit/core/games";
import { SESSION_LOADS } from "@ivrit/core/games/constants";
import { sessionFields, sessionQuery } from "@ivrit/core/games/session";
import type { Language } from "@ivrit/core/languages";
import { BEGINNER_MODULE_ID, type Tier } from "@ivrit/core/plans";
import { apiJson, isOffline } from "../api/client.ts";
import { getBeginnerLetters } from "../api/get-beginner-letters.ts";
import { getBeginnerWords } from "../api/get-beginner-words.ts";
import { getLetterVowels } from "../api/get-letter-vowels.ts";
import { getModules } from "../api/get-modules.ts";
import { getReviewProgress } from "../api/get-review-progress.ts";
import { getReviewQueue } from "../api/get-review-queue.ts";
import { getReviewSession } from "../api/get-review-session.ts";
import { getReviewSettings } from "../api/review-settings.ts";
import { audioUrl } from "../audio.ts";
import { anonymousId } from "../identity.ts";
import { idleSlice } from "../idle.ts";
import { logError } from "../log.ts";
import { answerKey, audioPathsIn, modulePackQuery, type QueryParams } from "./answers.ts";
import { keepAudio } from "./audio.ts";
import { noteModuleOpened, offlineModules } from "./modules.ts";
import { offlineStore } from "./store.ts";

export interface WarmContext {
  language: Language;
  tier: Tier;
  activeModuleId: number | null;
  /** Preferred level 1: the beginner mode is the learner's home. */
  beginner: boolean;
}

/** The tier games' kept pools are replaced at most this often. */
const TIER_POOL_REFRESH_MS = 24 * 60 * 60 * 1000;
/** A module's kept words are asked again at most this often (their audio is checked at every warm-up). */
const MODULE_PACK_REFRESH_MS = 12 * 60 * 60 * 1000;
/** The same warm-up is not repeated within this time in one page (a reload or coming back online starts afresh). */
const REPEAT_MS = 10 * 60_000;
let last: { key: string; at: number } | null = null;
let chain: Promise<void> = Promise.resolve();

type Pack = { items: unknown[]; locked?: boolean };

/** The kept answer of a /words query when it was stored less than maxAge ago (reading it marks it used). */
async function keptFresh(query: Record<string, unknown>, maxAge: number): Promise<Pack | null> {
  const key = answerKey(anonymousId(), "/words", query as QueryParams);
  const saved = await offlineStore.savedAt(key);
  if (saved === null || Date.now() - saved >= maxAge) return null;
  const text = await offlineStore.readAnswer(key);
  return text === undefined ? null : (JSON.parse(text) as Pack);
}

async function keepFilesOf(data: unknown, moduleId: number | null): Promise<void> {
  const urls = audioPathsIn(data)
    .map((p) => audioUrl(p))
    .filter((u): u is string => u !== null);
  if (urls.length > 0) await keepAudio(urls, moduleId);
}

/** The distinct tier-mode loads (root recall and root tree share one), with the tense guesser's larger refresh. */
export function tierLoads(context: { language: Language; tier: Tier }): Record<string, string>[] {
  const seen = new Set<string>();
  const out: Record<string, string>[] = [];
  const add = (q: Record<string, string> | null) => {
    if (!q) return;
    const key = JSON.stringify(q);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(q);
  };
  const ctx = { ...context, moduleId: null };
  for (const game of MODULE_GAMES as readonly ModuleGame[]) {
    if (SESSION_LOADS[game].mode !== "tiers") continue;
    // The game's own query: sessionQuery's load with the fields its screen asks for (the kept answer's key).
    const load = (refresh: boolean) => {
      const q = sessionQuery(game, ctx, { refresh });
      return q ? ({ ...q, ...sessionFields(game) } as Record<string, string>) : null;
    };
    add(load(false));
    if (game === "tense-guesser") add(load(true));
  }
  return out;
}

async function step(name: string, work: () => Promise<void>): Promise<void> {
  // Each step starts at an idle moment of the main thread (issue 29.3: a tap waits for none of it).
  await idleSlice();
  if (isOffline()) return;
  try {
    await work();
  } catch (e) {
    logError(`offline warm-up: ${name}`, e);
  }
}

let persistAsked = false;
/** Asks the browser once to keep the offline copies under storage pressure (it may say no; nothing changes then). */
function askToPersist(): void {
  if (persistAsked) return;
  persistAsked = true;
  navigator.storage?.persist?.().catch((e: unknown) => logError("storage persist", e));
}

async function warm(context: WarmContext): Promise<void> {
  const { language, tier } = context;
  askToPersist();
  if (context.activeModuleId !== null) noteModuleOpened(context.activeModuleId);
  const modules = [...new Set([context.activeModuleId, ...offlineModules()])].filter((id): id is number => id !== null);
  for (const id of modules) {
    await step(`module ${id}`, async () => {
      // A locked answer is asked again: the plan may have changed since.
      const kept = await keptFresh(modulePackQuery(language, id), MODULE_PACK_REFRESH_MS);
      const pack =
        kept && !kept.locked ? kept : await apiJson<Pack>("/words", { query: modulePackQuery(language, id) });
      if (!pack.locked) await keepFilesOf(pack.items, id);
    });
  }
  for (const query of tierLoads({ language, tier })) {
    // A random sample of the tiers: a new one once a day is enough to play offline (its audio is checked always).
    await step("tier pool", async () =>
      keepFilesOf((await keptFresh(query, TIER_POOL_REFRESH_MS)) ?? (await apiJson("/words", { query })), null),
    );
  }
  await step("review", async () => {
    await getReviewSettings();
    await getReviewQueue();
    await keepFilesOf(await getReviewSession(language, null), null);
    await getReviewProgress(language);
  });
  await step("modules", async () => void (await getModules(language, true)));
  // The beginner mode: the learner's home (level 1), or its module opened in the last 30 days.
  if (context.beginner || modules.includes(BEGINNER_MODULE_ID)) {
    await step("beginner", async () => {
      await keepFilesOf(await getBeginnerLetters(language), null);
      await keepFilesOf(await getLetterVowels(language), null);
      await keepFilesOf(await getBeginnerWords(language), null);
    });
  }
  await offlineStore.evict();
}

/**
 * Runs the warm-up unless the same one ran in the last 10 minutes; calls made while one runs wait for it (a new
 * module then gets its own run). Never throws.
 */
export function warmOffline(context: WarmContext, force = false): Promise<void> {
  chain = chain.then(() => {
    const key = JSON.stringify(context);
    const now = Date.now();
    if (!force && last && last.key === key && now - last.at < REPEAT_MS) return;
    last = { key, at: now };
    return warm(context).catch((e: unknown) => logError("offline warm-up", e));
  });
  return chain;
}
