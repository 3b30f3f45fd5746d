// Content reads: modules, words, the beginner pools, health. They work without identity (free plan).
import { BEGINNER_MODULE_ID } from "@ivrit/core/plans";
import {
  beginnerLettersResponse,
  beginnerWordsResponse,
  healthResponse,
  healthUnavailableResponse,
  languageQuery,
  letterVowelResponse,
  liveResponse,
  wordsQuery,
  wordsResponse,
} from "@ivrit/core/schemas/api";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type StringCache, stringCache } from "../content/lru.ts";
import { NotFound, selectWords, toApiModule, wordJson } from "../content/words.ts";
import { databaseUnavailable, storageFault } from "../db/faults.ts";
import { HttpError } from "../http.ts";
import { FREE } from "../users.ts";

/**
 * Whole /words answers per snapshot, for queries that come again: not random ones. A seeded random answer (each
 * game session of the web client draws a new seed) is almost never asked twice; caching those filled the cache
 * with answers never hit. Bounded in bytes (content is immutable: no other invalidation).
 */
const answers = new WeakMap<object, StringCache>();
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, cache, plans } = app.deps;
  const tierOf = async (userId: string | null) => (userId ? (await plans.planOf(userId)).tier : FREE.tier);

  // Ready: the database answers a query within 2 s. Monitors and load balancers poll this one.
  app.get(
    "/health",
    { schema: { tags: ["health"], response: { 200: healthResponse, 503: healthUnavailableResponse } } },
    async (req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error("no answer within 2 s")), 2000);
          }),
        ]);
      } catch (e) {
        const reason = databaseUnavailable(e) ?? storageFault(e) ?? `database error: ${(e as Error).message}`;
        req.log.warn({ reason }, "health: the database does not answer");
        return reply
          .code(503)
          .header("retry-after", "5")
          .send({ status: "unavailable", database: database.kind, reason });
      } finally {
        clearTimeout(timer);
      }
      const snap = cache.current;
      return { status: "ok" as const, database: database.kind, modules: snap.modules.length, words: snap.words.length };
    },
  );
  // Live: the process answers (a restart would not help while only the database is down).
  app.get("/health/live", { schema: { tags: ["health"], response: { 200: liveResponse } } }, async () => ({
    status: "ok" as const,
  }));

  app.get(
    "/words",
    {
      schema: {
        tags: ["content"],
        description:
          "Words by module (moduleId), by roots (roots, limitPerRoot, includeDerived) or by tiers (tier, tiers, includeLowerTiers, perTierLimit, shuffleAfterMerge); filtered by category, tense, hasRoots, q, chip; random with a deterministic seed; paged by limit (default 50; max 200 in roots/tiers modes, 400 for a module) and offset. Words above the caller's tier are previews: locked, without example sentences.",
        querystring: wordsQuery,
        response: { 200: wordsResponse },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const userTier = await tierOf(req.userId);
      const snap = cache.current;
      const cacheable = q.random !== true;
      // Keyed by the parsed query (its keys in the schema's order), not the raw text: spellings of one query
      // (reordered, percent-encoded) share one entry instead of each filling its own.
      const key = `${userTier}|${JSON.stringify(q)}`;
      let memo = answers.get(snap);
      if (!memo) {
        memo = stringCache(ANSWER_CACHE_BYTES);
        answers.set(snap, memo);
      }
      const hit = cacheable ? memo.get(key) : undefined;
      if (hit !== undefined) return reply.type("application/json; charset=utf-8").send(hit as never);
      let result: ReturnType<typeof selectWords>;
      try {
        result = selectWords(snap, q, userTier);
      } catch (e) {
        if (e instanceof NotFound) throw new HttpError(404, "module_not_found", e.message);
        throw e;
      }
      const opts = {
        userTier,
        fields: q.fields,
        sentences: q.sentences === true,
        forms: q.forms === true,
        includeRoots: q.includeRoots !== false,
      };
      // Assembled from memoized word JSON (the shape is wordsResponse, checked by the contract tests).
      const items = result.items.map((w) => wordJson(snap, w, q.language, opts)).join(",");
      const rest = JSON.stringify({
        module: result.module ? toApiModule(result.module, q.language, userTier) : null,
        tier: result.tier,
        locked: result.locked,
        planTier: userTier,
        total: result.total,
      });
      const json = `{"items":[${items}],${rest.slice(1)}`;
      if (cacheable) memo.set(key, json);
      // Fastify sends a string as it is: the typed (object) response does not apply to a pre-serialized body.
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  app.get(
    "/beginner/letters",
    { schema: { tags: ["beginner"], querystring: languageQuery, response: { 200: beginnerLettersResponse } } },
    async (req) => ({
      items: cache.current.letters.map((l) => ({
        id: l.id,
        letter_he: l.letter,
        name: l.name,
        transliteration: l.translit,
        final: l.final,
        description: l.description[req.query.language],
        pronunciation_audio: l.audioPath,
      })),
    }),
  );

  app.get(
    "/beginner/letter-vowel",
    { schema: { tags: ["beginner"], querystring: languageQuery, response: { 200: letterVowelResponse } } },
    async () => ({
      items: cache.current.letterVowels.map((lv) => ({
        id: lv.id,
        alphabet_id: lv.letterId,
        nikkud_id: lv.nikkudId,
        letter_with_nikkud: lv.text,
        nikkud_name: lv.nikkudName,
        transliteration: lv.translit,
        pronunciation_audio: lv.audioPath,
      })),
    }),
  );

  app.get(
    "/beginner/words",
    { schema: { tags: ["beginner"], querystring: languageQuery, response: { 200: beginnerWordsResponse } } },
    async (req) => {
      const lang = req.query.language;
      return {
        items: (cache.current.wordsByModule.get(BEGINNER_MODULE_ID) ?? []).map((w) => ({
          id: w.id,
          word: w.he,
          word_with_nikkud: w.nikkud,
          translation: w.tr[lang],
          transliteration: w.translit,
          pronunciation_audio: w.audioPath,
          example_sentence_he: w.sentence?.nikkud ?? null,
          example_sentence_translation: w.sentence?.tr[lang] ?? null,
          picture: w.picture,
        })),
      };
    },
  );
};
