// Offline answers (issue 15): every GET answer the app receives is kept on the device, keyed by the user, the path
// and the query (a game's random seed left out: the next start's pool replaces the last one), and read back when the
// network is gone. A module game's pool has no exact copy: it is cut from the module's words (the words page's
// query, which the offline warm-up keeps for every module the learner opened), as the server would cut it.
import { createRng, shuffle } from "@ivrit/core/rng";
import { noteModuleOpened } from "./modules.ts";
import { offlineStore } from "./store.ts";

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** Answers larger than this are not kept (no answer of the app comes near it). */
const MAX_ANSWER_CHARS = 2_000_000;
/** The words page's limit (MODULE_WORD_LIMIT): a module's whole list. */
export const MODULE_PACK_LIMIT = 200;

function valueText(value: QueryValue): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join(",");
  if (typeof value === "boolean") return value ? "1" : "0";
  return String(value);
}

/** "user|/path?a=1&b=2": parameters sorted, empty ones and the random seed left out. */
export function answerKey(user: string, path: string, query: QueryParams | undefined): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (name === "seed") continue;
    const text = valueText(value);
    if (text !== null) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  pairs.sort();
  return `${user}|${path}${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}

/** The words page's query for a module: the copy every game of that module is cut from offline. */
export function modulePackQuery(language: string, moduleId: number): QueryParams {
  return { language, moduleId, limit: MODULE_PACK_LIMIT, fields: "full" };
}

function moduleIdOf(path: string, query: QueryParams | undefined): number | null {
  if (path !== "/words") return null;
  const id = Number(valueText(query?.moduleId));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function isRandom(query: QueryParams | undefined): boolean {
  const r = valueText(query?.random);
  return r === "1" || r === "true";
}

/** Keeps an answer (fire and forget: a failure to store never fails the request). */
export async function rememberAnswer(user: string, path: string, query: QueryParams | undefined, text: string) {
  if (text.length > MAX_ANSWER_CHARS) return;
  const moduleId = moduleIdOf(path, query);
  // A game's load of a module counts as opening it (the module then stays available offline for 30 days).
  if (moduleId !== null && isRandom(query) && !/"locked"\s*:\s*true/.test(text.slice(0, 400))) {
    noteModuleOpened(moduleId);
  }
  await offlineStore.saveAnswer(answerKey(user, path, query), text, moduleId);
}

interface WordsLike {
  items: unknown[];
  [k: string]: unknown;
}

function isWordsLike(v: unknown): v is WordsLike {
  return typeof v === "object" && v !== null && Array.isArray((v as WordsLike).items);
}

/**
 * A module's words for another request of that module, from its whole list: only the asked category (verb
 * conjugation asks for the module's verbs), shuffled by the request's seed when it asks for random words, and cut to
 * its limit.
 */
export function cutPool(pack: WordsLike, query: QueryParams | undefined): WordsLike {
  const limit = Number(valueText(query?.limit) ?? pack.items.length);
  const seed = Number(valueText(query?.seed) ?? Date.now());
  const category = valueText(query?.category);
  const asked =
    category === null ? pack.items : pack.items.filter((w) => (w as { category?: unknown }).category === category);
  const items = isRandom(query) ? shuffle(asked, createRng(seed)) : asked;
  return { ...pack, items: items.slice(0, Number.isFinite(limit) && limit > 0 ? limit : items.length) };
}

/** The kept answer for a request, or undefined when there is none. */
export async function offlineAnswer(user: string, path: string, query: QueryParams | undefined): Promise<unknown> {
  try {
    const exact = await offlineStore.readAnswer(answerKey(user, path, query));
    const moduleId = moduleIdOf(path, query);
    if (exact !== undefined) {
      const data: unknown = JSON.parse(exact);
      return moduleId !== null && isRandom(query) && isWordsLike(data) ? cutPool(data, query) : data;
    }
    const language = valueText(query?.language);
    if (moduleId === null || language === null) return undefined;
    const pack = await offlineStore.readAnswer(answerKey(user, "/words", modulePackQuery(language, moduleId)));
    if (pack === undefined) return undefined;
    const data: unknown = JSON.parse(pack);
    return isWordsLike(data) ? cutPool(data, query) : undefined;
  } catch {
    return undefined;
  }
}

/** Where an answer names an audio file: the full word and the letters, a review card, a lean word (fields=lean). */
const AUDIO_KEYS: ReadonlySet<string> = new Set(["audio_path", "pronunciation_audio", "audioPath", "audio"]);

/** Every audio path an answer names (words, letters, review cards), once each. */
export function audioPathsIn(data: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (typeof v === "object" && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (AUDIO_KEYS.has(k) && typeof x === "string") {
          if (x.trim() !== "") out.add(x);
        } else if (typeof x === "object") walk(x);
      }
    }
  };
  walk(data);
  return [...out];
}
