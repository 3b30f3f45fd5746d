// The /api contract through app.inject, on every backend: each call, each bad input.
import { expandLeanWord } from "@ivrit/core/lean-word";
import { wordsResponse } from "@ivrit/core/schemas/api";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../src/db/schema.ts";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

describe.each(BACKENDS)("API on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend);
  });
  afterAll(async () => h?.close());

  const get = (url: string, userId?: string) =>
    h.app.inject({ method: "GET", url, ...(userId && { headers: as(userId) }) });
  const send = (method: "POST" | "PATCH", url: string, payload: unknown, userId?: string) =>
    h.app.inject({ method, url, payload: payload as object, ...(userId && { headers: as(userId) }) });
  const expectError = (
    res: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
    message?: RegExp | string,
  ) => {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    if (message instanceof RegExp) expect(body.error.message).toMatch(message);
    else if (message) expect(body.error.message).toBe(message);
  };

  describe("health and docs", () => {
    it("reports the database and the content counts", async () => {
      const res = await get("/api/health");
      expect(res.json()).toEqual({ status: "ok", database: backend, modules: 4, words: 12 });
    });
    it("serves the OpenAPI document listing every call", async () => {
      const doc = (await get("/api/docs/json")).json() as { paths: Record<string, unknown> };
      for (const p of [
        "/api/words",
        "/api/me",
        "/api/me/active-module",
        "/api/me/modules",
        "/api/me/entitlements",
        "/api/beginner/letters",
        "/api/progress/words",
        "/api/game/play",
      ])
        expect(Object.keys(doc.paths)).toContain(p);
    });
    it("declares on every call the errors it may answer, in the error envelope", async () => {
      type Op = { tags?: string[]; parameters?: unknown[]; requestBody?: unknown; responses: Record<string, unknown> };
      const doc = (await get("/api/docs/json")).json() as { paths: Record<string, Record<string, Op>> };
      const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ call: `${method} ${path}`, op })),
      );
      expect(ops.length).toBeGreaterThan(30);
      for (const { call, op } of ops) {
        const codes = Object.keys(op.responses);
        expect(codes, call).toEqual(expect.arrayContaining(["429", "500", "503"]));
        if (op.requestBody || op.parameters?.length) expect(codes, call).toContain("400");
        if (op.tags?.includes("review")) expect(codes, call).toContain("401");
      }
      // The envelope a declared error is sent in: a 400 of a real call passes through its declared schema.
      const bad = await get("/api/review/session?language=xx", newUser());
      expectError(bad, 400, "invalid_input");
    });
    it("answers unknown API paths with a JSON 404", async () => {
      expectError(await get("/api/nothing-here"), 404, "not_found");
    });
    it("sends security headers with a content security policy", async () => {
      const res = await get("/api/health");
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    });
  });

  describe("GET /words", () => {
    it("returns a module's words with every field, translated", async () => {
      const body = (await get("/api/words?moduleId=1&language=fr")).json();
      expect(body.module).toMatchObject({ id: 1, module_id: 1, name: "Maison", tier: 1, word_count: 8, locked: false });
      expect(body).toMatchObject({ tier: 1, locked: false, planTier: 1, total: 8 });
      const table = body.items.find((w: { id: number }) => w.id === 1001);
      expect(table).toMatchObject({
        word_he: "שולחן",
        hebrew: "שולחן",
        word: "שולחן",
        word_with_nikkud: "שֻׁלְחָן",
        transliteration: "shul-CHAN",
        translation: "table",
        word_en: "table",
        word_es: "mesa",
        category: "noun",
        partOfSpeech: "noun",
        tense: null,
        locked: false,
        roots: [{ root: "ש-ל-ח", root_translation: "envoi" }],
        root: "ש-ל-ח",
        sentence_he: "הספר על השולחן.",
        sentence_translation: "Le livre est sur la table.",
        example: { he: "הספר על השולחן.", he_nikkud: "הַסֵּפֶר עַל הַשֻּׁלְחָן.", translation: "Le livre est sur la table." },
        audio_path: null,
        canPlayAudio: false,
      });
    });
    it("answers in the shape of the shared contract, in every mode", async () => {
      const user = newUser();
      for (const q of [
        "moduleId=1",
        "moduleId=41&fields=compact",
        "moduleId=41",
        "tier=2&includeLowerTiers=1",
        "roots=%D7%9B%D7%AA%D7%91&includeRoots=0",
      ]) {
        const res = await get(`/api/words?${q}`, user);
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(() => wordsResponse.parse(res.json()), q).not.toThrow();
      }
    });
    it("links audio files that exist", async () => {
      const w = (await get("/api/words?moduleId=93")).json().items.find((x: { id: number }) => x.id === 93001);
      expect(w).toMatchObject({ audio_path: "/audio/words/93001.mp3", canPlayAudio: true });
      // The true part of speech beside the SPEC's category, which an interjection is answered as (decision 0090).
      expect(w).toMatchObject({ category: "phrase", partOfSpeech: "interjection" });
      const audio = await get("/audio/words/93001.mp3");
      expect(audio.statusCode).toBe(200);
      expect(audio.headers["content-type"]).toBe("audio/mpeg");
      // Playable by the native app's WebView (another origin); API answers stay same-origin.
      expect(audio.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect((await get("/api/health")).headers["cross-origin-resource-policy"]).toBe("same-origin");
    });
    it("leaves out translations and sentences in compact mode", async () => {
      const w = (await get("/api/words?moduleId=1&fields=compact")).json().items[0];
      expect(w.translation).toBeTruthy();
      expect(w).not.toHaveProperty("sentence_he");
      expect(w).not.toHaveProperty("word_fr");
    });
    it("previews a module above the plan: locked, without example sentences", async () => {
      const body = (await get("/api/words?moduleId=41")).json();
      expect(body).toMatchObject({ locked: true, tier: 3, planTier: 1 });
      expect(body.items[0]).toMatchObject({
        locked: true,
        sentence_he: null,
        sentence_translation: null,
        example: null,
      });
      expect(body.items[0].translation).toBe("diagnosis");
    });
    it("never serves one plan's cached answer to another", async () => {
      const url = "/api/words?moduleId=41&language=es";
      expect((await get(url, newUser())).json().locked).toBe(true);
      const pro = newUser();
      await h.app.deps.plans.grant(pro, "pro", null);
      expect((await get(url, pro)).json().locked).toBe(false);
      expect((await get(url)).json().locked).toBe(true);
    });
    it("returns an example's other word orders in full mode (none when locked)", async () => {
      const pro = newUser();
      await h.app.deps.plans.grant(pro, "pro", null);
      const words = (await get("/api/words?moduleId=21", pro)).json().items;
      const meeting = words.find((w: { sentence_he: string }) => w.sentence_he === "יש ישיבה היום.");
      expect(meeting.sentence_orders).toEqual(["היום יש ישיבה."]);
      expect((await get("/api/words?moduleId=1", pro)).json().items[0].sentence_orders).toEqual([]);
      const locked = (await get("/api/words?moduleId=21", newUser())).json().items;
      expect(locked[0].sentence_orders).toBeNull();
      expect((await get("/api/words?moduleId=21&fields=compact", pro)).json().items[0]).not.toHaveProperty(
        "sentence_orders",
      );
    });
    it("answers lean words: one language, each value once, the sentence and the table only when asked", async () => {
      const pro = newUser();
      await h.app.deps.plans.grant(pro, "pro", null);
      const full = (await get("/api/words?moduleId=21&language=fr", pro)).json().items;
      const lean = (await get("/api/words?moduleId=21&language=fr&fields=lean&sentences=1", pro)).json();
      const meeting = lean.items.find((w: { sentence: { he: string } | null }) => w.sentence?.he === "יש ישיבה היום.");
      expect(meeting.sentence.orders).toEqual(["היום יש ישיבה."]);
      expect(Object.keys(meeting).sort()).toEqual(
        [
          "audio",
          "binyan",
          "category",
          "he",
          "id",
          "locked",
          "module_id",
          "nikkud",
          "partOfSpeech",
          "picture",
          "roots",
          "sentence",
          "tense",
          "tier",
          "translation",
          "translit",
          "verb",
        ].sort(),
      );
      // Expanded on the client, a lean word is the full word less the other languages.
      const expanded = expandLeanWord(meeting);
      const same = full.find((w: { id: number }) => w.id === meeting.id);
      for (const [k, v] of Object.entries(expanded)) if (k !== "forms") expect([k, same[k]]).toEqual([k, v]);
      expect(JSON.stringify(lean.items).length).toBeLessThan(JSON.stringify(full).length * 0.6);
      // Locked words: no sentence. Forms: only with forms=1.
      const locked = (await get("/api/words?moduleId=21&fields=lean&sentences=1", newUser())).json().items[0];
      expect(locked).toMatchObject({ locked: true, sentence: null });
      const bare = (await get("/api/words?moduleId=21&fields=lean", pro)).json().items[0];
      expect(bare).not.toHaveProperty("sentence");
      expect(expandLeanWord(bare)).toMatchObject({ sentence_he: null, example: null });
      expect(lean.items.some((w: object) => "forms" in w)).toBe(false);
    });
    it("unlocks it once the server grants the plan", async () => {
      const user = newUser();
      await h.app.deps.plans.grant(user, "pro", null);
      const body = (await get("/api/words?moduleId=41", user)).json();
      expect(body).toMatchObject({ locked: false, planTier: 3 });
      expect(body.items[0].example.translation).toBe("The doctor gave a diagnosis.");
    });
    it("filters by category, tense, roots, search and chip", async () => {
      const ids = async (q: string) => (await get(`/api/words?${q}`)).json().items.map((w: { id: number }) => w.id);
      expect(await ids("moduleId=1&category=verb")).toEqual([1002, 1003, 1004, 1005]);
      expect(await ids("moduleId=1&tense=past")).toEqual([1003]);
      expect(await ids("moduleId=1&q=TABLE")).toEqual([1001]);
      expect(await ids(`moduleId=1&q=${encodeURIComponent("שולחן")}`)).toEqual([1001]);
      expect(await ids("moduleId=1&q=shulchan")).toEqual([1001]);
      expect(await ids("moduleId=1&chip=adjective")).toEqual([1007]);
      expect((await ids("moduleId=1&hasRoots=1")).length).toBe(8);
      expect(await ids(`roots=${encodeURIComponent("כ-ת-ב")}`)).toEqual([1002, 1003, 1004, 1005, 1006]);
      expect(await ids(`roots=${encodeURIComponent("כתב")}&includeDerived=0`)).toEqual([1002, 1003, 1004, 1005]);
      expect((await ids(`roots=${encodeURIComponent("כ-ת-ב,ש-ל-ח")}&limitPerRoot=2`)).length).toBe(3);
    });
    it("merges tiers with a per-tier limit", async () => {
      const body = (await get("/api/words?tier=2&includeLowerTiers=1&perTierLimit=3")).json();
      expect(body.items.map((w: { tier: number }) => w.tier)).toEqual([1, 1, 1, 2]);
      const t3 = (await get("/api/words?tiers=1,3&perTierLimit=1")).json();
      expect(t3.items.map((w: { tier: number }) => w.tier)).toEqual([1, 3]);
      expect((await get("/api/words?tier=3")).json()).toMatchObject({ tier: 3, locked: true });
    });
    it("shuffles deterministically with a seed, and pages", async () => {
      const order = async (q: string) =>
        (await get(`/api/words?moduleId=1&${q}`)).json().items.map((w: { id: number }) => w.id);
      const a = await order("random=1&seed=42");
      expect(await order("random=1&seed=42")).toEqual(a);
      expect([...a].sort()).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008]);
      const seeds = await Promise.all([1, 2, 3, 4].map((s) => order(`seed=${s}`)));
      expect(new Set(seeds.map((s) => s.join())).size).toBeGreaterThan(1);
      expect(await order("limit=3&offset=2")).toEqual([1003, 1004, 1005]);
      expect(await order("limit=0")).toEqual([]);
    });
    it.each([
      ["moduleId=abc", "invalid_module_id", "Invalid moduleId"],
      ["moduleId=0", "invalid_module_id", "Invalid moduleId"],
      ["moduleId=-3", "invalid_module_id", "Invalid moduleId"],
      ["moduleId=1.5", "invalid_module_id", "Invalid moduleId"],
      ["moduleId=Infinity", "invalid_module_id", "Invalid moduleId"],
      ["moduleId=", "invalid_module_id", "Invalid moduleId"],
      ["language=de", "invalid_input", /^querystring\.language: must be one of/],
      ["tier=4", "invalid_input", /^querystring\.tier: must be 1, 2 or 3/],
      ["tier=0", "invalid_input", /tier/],
      ["tiers=1,4", "invalid_input", /^querystring\.tiers/],
      ["limit=-1", "invalid_input", /^querystring\.limit: must be a whole number/],
      ["limit=ten", "invalid_input", /^querystring\.limit/],
      ["offset=-5", "invalid_input", /^querystring\.offset/],
      ["perTierLimit=x", "invalid_input", /^querystring\.perTierLimit/],
      ["random=maybe", "invalid_input", /^querystring\.random/],
      ["fields=some", "invalid_input", /^querystring\.fields/],
      ["category=pronoun", "invalid_input", /^querystring\.category/],
      ["bogus=1", "invalid_input", /bogus/],
    ])("rejects %s", async (query, code, message) => {
      expectError(await get(`/api/words?${query}`), 400, code, message);
    });
    it("answers 404 for a module that does not exist", async () => {
      expectError(await get("/api/words?moduleId=999"), 404, "module_not_found");
    });
  });

  describe("beginner", () => {
    it("serves letters, letter-vowel combinations and starter words in the interface language", async () => {
      const letters = (await get("/api/beginner/letters?language=ru")).json().items;
      expect(letters[1]).toEqual({
        id: 2,
        letter_he: "ב",
        name: "BET",
        transliteration: "b / v",
        final: false,
        description: "Бет: б или в",
        pronunciation_audio: null,
      });
      const combos = (await get("/api/beginner/letter-vowel")).json().items;
      expect(combos[1]).toMatchObject({
        id: 201,
        alphabet_id: 2,
        nikkud_id: 1,
        transliteration: "BA",
        nikkud_name: "ka-MATZ",
      });
      const words = (await get("/api/beginner/words?language=ar")).json().items;
      expect(words[0]).toMatchObject({
        id: 93001,
        word: "שלום",
        translation: "مرحبا",
        example_sentence_translation: "مرحبا يا أبي!",
      });
      expectError(await get("/api/beginner/words?language=xx"), 400, "invalid_input", /language/);
    });
  });

  describe("identity", () => {
    it("requires the anonymous id for /me calls", async () => {
      expectError(await get("/api/me"), 401, "missing_user_id");
    });
    it("rejects a malformed or inconsistent id", async () => {
      expectError(
        await h.app.inject({ method: "GET", url: "/api/me", headers: { "x-anonymous-id": "not-a-uuid" } }),
        400,
        "invalid_user_id",
        /x-anonymous-id/,
      );
      expectError(
        await h.app.inject({
          method: "GET",
          url: "/api/me",
          headers: { "x-anonymous-id": newUser(), "x-user-id": newUser() },
        }),
        400,
        "invalid_user_id",
      );
      expectError(
        await h.app.inject({ method: "GET", url: "/api/words", headers: { "x-user-id": "x" } }),
        400,
        "invalid_user_id",
      );
    });
    it("refuses a body userId that differs from the header", async () => {
      const res = await send("POST", "/api/progress/word", { userId: newUser(), wordId: 1001, delta: 1 }, newUser());
      expectError(res, 403, "user_mismatch");
    });
    it("answers a learner it has not seen with the defaults, writing nothing; the first write creates them", async () => {
      const user = newUser();
      const fresh = { userId: user, plan: "free", planTier: 1, preferredLanguage: null, preferredLevel: null };
      expect((await get("/api/me", user)).json()).toEqual(fresh);
      const rowsOf = () => h.database.db.select().from(t.users).where(sql`${t.users.id} = ${user}`);
      expect(await rowsOf()).toHaveLength(0);
      const patched = await h.app.inject({
        method: "PATCH",
        url: "/api/me",
        payload: { preferredLanguage: "ar" },
        headers: as(user),
      });
      expect(patched.json()).toEqual({ ...fresh, preferredLanguage: "ar" });
      expect(await rowsOf()).toHaveLength(1);
    });
  });

  describe("/me", () => {
    it("reports entitlements from the server, with expiry", async () => {
      const user = newUser();
      expect((await get("/api/me/entitlements", user)).json()).toEqual({
        entitlement: "free",
        tier: 1,
        expiresAt: null,
      });
      const until = new Date(Date.now() + 86_400_000);
      await h.app.deps.plans.grant(user, "plus", until);
      expect((await get("/api/me/entitlements", user)).json()).toEqual({
        entitlement: "plus",
        tier: 2,
        expiresAt: until.toISOString(),
      });
      await h.app.deps.plans.grant(user, "pro", new Date(Date.now() - 1000)); // already lapsed
      expect((await get("/api/me/entitlements", user)).json().entitlement).toBe("plus");
    });
    it("updates the preferred language and level", async () => {
      const user = newUser();
      const res = await send("PATCH", "/api/me", { preferredLanguage: "ar", preferredLevel: 1 }, user);
      expect(res.json()).toMatchObject({ preferredLanguage: "ar", preferredLevel: 1 });
      expect((await get("/api/me", user)).json()).toMatchObject({ preferredLanguage: "ar", preferredLevel: 1 });
      expectError(await send("PATCH", "/api/me", { preferredLevel: 5 }, user), 400, "invalid_input", /preferredLevel/);
      expectError(
        await send("PATCH", "/api/me", { preferredLanguage: "he" }, user),
        400,
        "invalid_input",
        /preferredLanguage/,
      );
      expectError(await send("PATCH", "/api/me", {}, user), 400, "invalid_input");
    });
    it("keeps the active module: 204 when none, set, refused when locked", async () => {
      const user = newUser();
      expect((await get("/api/me/active-module", user)).statusCode).toBe(204);
      const set = await send("POST", "/api/me/active-module?language=es", { module_id: 1 }, user);
      expect(set.json()).toMatchObject({ locked: false, module: { id: 1, name: "Casa" } });
      expect((await get("/api/me/active-module?language=uk", user)).json()).toMatchObject({ id: 1, name: "Дім" });
      expect((await send("POST", "/api/me/active-module", { moduleId: 41 }, user)).json()).toEqual({
        locked: true,
        tier: 3,
      });
      expect((await get("/api/me/active-module", user)).json().id).toBe(1);
      expect((await send("POST", "/api/me/active-module", { moduleId: "93" }, user)).json().module.id).toBe(93);
    });
    it.each([
      [{ module_id: "abc" }, 400, "invalid_module_id"],
      [{ module_id: 0 }, 400, "invalid_module_id"],
      [{ moduleId: -1 }, 400, "invalid_module_id"],
      [{}, 400, "invalid_module_id"],
      [{ module_id: 999 }, 404, "module_not_found"],
      [{ module_id: 1, extra: true }, 400, "invalid_input"],
    ])("rejects the active module body %j", async (body, status, code) => {
      expectError(await send("POST", "/api/me/active-module", body, newUser()), status, code);
    });
    it("lists the modules of the plan, the beginner module first; all=1 adds previews", async () => {
      const user = newUser();
      const mine = (await get("/api/me/modules", user)).json().items;
      expect(mine.map((m: { id: number }) => m.id)).toEqual([93, 1]);
      expect(mine[0]).toMatchObject({ is_beginner: true, tier: 1, name: "Beginner Mode" });
      const all = (await get("/api/me/modules?all=1&language=ar", user)).json().items;
      expect(all.map((m: { id: number; locked: boolean }) => [m.id, m.locked])).toEqual([
        [93, false],
        [1, false],
        [21, true],
        [41, true],
      ]);
      expect(all[3]).toMatchObject({ field_ids: [1], field_names: ["الطب"], name: "العيادة" });
    });
  });

  describe("progress and play records", () => {
    const progressOf = async (user: string) =>
      (await h.database.db.select().from(t.wordProgress).where(sql`${t.wordProgress.userId} = ${user}`)).sort(
        (a, b) => a.wordId - b.wordId,
      );
    it("stores word progress, summing batches", async () => {
      const user = newUser();
      expect((await send("POST", "/api/progress/word", { userId: user, wordId: 1001, delta: 1 }, user)).json()).toEqual(
        { ok: true },
      );
      const batch = {
        userId: user,
        updates: [
          { wordId: 1001, delta: 2 },
          { wordId: 1002, delta: -1 },
          { wordId: 1001, delta: 1 },
        ],
      };
      expect((await send("POST", "/api/progress/words", batch, user)).statusCode).toBe(200);
      expect((await progressOf(user)).map((p) => [p.wordId, p.score, p.seen])).toEqual([
        [1001, 4, 3],
        [1002, -1, 1],
      ]);
    });
    it("takes a batch's own id and refuses a malformed one (issue 15)", async () => {
      const user = newUser();
      const batch = { batchId: "mqz3k1-7-a1b2c3d4", updates: [{ wordId: 1001, delta: 1 }] };
      expect((await send("POST", "/api/progress/words", batch, user)).json()).toEqual({ ok: true });
      expect((await progressOf(user)).map((p) => [p.wordId, p.score])).toEqual([[1001, 1]]);
      // The same batch again (its answer was lost), alone and five times at once: added once.
      expect((await send("POST", "/api/progress/words", batch, user)).json()).toEqual({ ok: true });
      const again = { batchId: "mqz3k1-8-b2c3d4e5", updates: [{ wordId: 1002, delta: 2 }] };
      const all = await Promise.all(Array.from({ length: 5 }, () => send("POST", "/api/progress/words", again, user)));
      expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect((await progressOf(user)).map((p) => [p.wordId, p.score, p.seen])).toEqual([
        [1001, 1, 1],
        [1002, 2, 1],
      ]);
      // Another learner's batch with the same id is theirs.
      const other = newUser();
      expect((await send("POST", "/api/progress/words", batch, other)).statusCode).toBe(200);
      expect((await progressOf(other)).map((p) => [p.wordId, p.score])).toEqual([[1001, 1]]);
      expectError(
        await send("POST", "/api/progress/words", { ...batch, batchId: "bad id!" }, user),
        400,
        "invalid_input",
        /batchId/,
      );
    });
    it("takes up to 500 updates in one batch and refuses 501", async () => {
      const user = newUser();
      const updates = (n: number) => Array.from({ length: n }, (_, i) => ({ wordId: i % 2 ? 1001 : 1002, delta: 1 }));
      expect((await send("POST", "/api/progress/words", { updates: updates(500) }, user)).statusCode).toBe(200);
      expect((await progressOf(user)).map((p) => [p.wordId, p.seen])).toEqual([
        [1001, 250],
        [1002, 250],
      ]);
      expectError(
        await send("POST", "/api/progress/words", { updates: updates(501) }, user),
        400,
        "invalid_input",
        /updates/,
      );
    });
    it("writes nothing of a batch with a bad entry", async () => {
      const user = newUser();
      const bad = {
        updates: [
          { wordId: 1001, delta: 1 },
          { wordId: 424242, delta: 1 },
        ],
      };
      expectError(await send("POST", "/api/progress/words", bad, user), 400, "unknown_word", /wordId/);
      const bad2 = {
        updates: [
          { wordId: 1001, delta: 1 },
          { wordId: 1002, delta: "x" },
        ],
      };
      expectError(await send("POST", "/api/progress/words", bad2, user), 400, "invalid_input", /updates\.1\.delta/);
      expect(await progressOf(user)).toEqual([]);
    });
    it("stores module progress", async () => {
      const user = newUser();
      for (let i = 0; i < 2; i++)
        expect(
          (await send("POST", "/api/progress/module", { moduleId: 1, correct: 4, total: 5 }, user)).statusCode,
        ).toBe(200);
      const [row] = await h.database.db
        .select()
        .from(t.moduleProgress)
        .where(sql`${t.moduleProgress.userId} = ${user}`);
      expect(row).toMatchObject({ moduleId: 1, plays: 2, correct: 8, total: 10 });
      expectError(await send("POST", "/api/progress/module", { moduleId: "x" }, user), 400, "invalid_module_id");
    });
    it("stores a play record once per user, session and game", async () => {
      const user = newUser();
      const play = {
        userId: user,
        gameName: "translation_match",
        language: "en",
        platform: "web",
        moduleId: 1,
        levelId: 3,
        sessionId: "s-1",
        meta: { firedAt: Date.now(), correct: 4 },
      };
      expect((await send("POST", "/api/game/play", play, user)).statusCode).toBe(201);
      const again = await send("POST", "/api/game/play", play, user);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ok: true, created: false });
      expect((await send("POST", "/api/game/play", { ...play, gameName: "flashcards" }, user)).statusCode).toBe(201);
      const rows = await h.database.db.select().from(t.gamePlays).where(sql`${t.gamePlays.userId} = ${user}`);
      expect(rows).toHaveLength(2);
    });
    it("stores concurrent plays together: one 201 per play, whatever arrives at once", async () => {
      const users = [newUser(), newUser(), newUser()];
      const play = (sessionId: string) => ({ gameName: "translation_match", language: "fr", sessionId, moduleId: 1 });
      // Each learner sends the same play three times and another once, all at the same moment.
      const sent = users.flatMap((u) => [
        send("POST", "/api/game/play", play("same"), u),
        send("POST", "/api/game/play", play("same"), u),
        send("POST", "/api/game/play", play("same"), u),
        send("POST", "/api/game/play", { ...play("other"), meta: { correct: 3 } }, u),
      ]);
      const answers = await Promise.all(sent);
      for (const [i] of users.entries()) {
        const mine = answers.slice(i * 4, i * 4 + 4).map((r) => r.statusCode);
        expect(mine.slice(0, 3).sort()).toEqual([200, 200, 201]);
        expect(mine[3]).toBe(201);
      }
      for (const u of users) {
        const rows = await h.database.db.select().from(t.gamePlays).where(sql`${t.gamePlays.userId} = ${u}`);
        expect(rows.map((r) => [r.sessionId, r.language, r.moduleId, r.meta]).sort()).toEqual([
          ["other", "fr", 1, { correct: 3 }],
          ["same", "fr", 1, {}],
        ]);
      }
    });
    it.each([
      [{ gameName: "chess", language: "en", sessionId: "a" }, /gameName: must be one of/],
      [{ gameName: "flashcards", language: "en" }, /sessionId/],
      [{ gameName: "flashcards", language: "he", sessionId: "a" }, /language/],
      [{ gameName: "flashcards", language: "en", sessionId: "a", moduleId: "x" }, "Invalid moduleId"],
    ])("rejects the play %j", async (body, message) => {
      const res = await send("POST", "/api/game/play", body, newUser());
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
    });
  });

  describe("transport", () => {
    it("refuses an oversized body with 413", async () => {
      const updates = Array.from({ length: 5000 }, (_, i) => ({ wordId: 1001, delta: i % 3 }));
      expectError(await send("POST", "/api/progress/words", { updates }, newUser()), 413, "payload_too_large");
    });
    it("refuses malformed JSON with 400", async () => {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/game/play",
        headers: { ...as(newUser()), "content-type": "application/json" },
        payload: "{not json",
      });
      expectError(res, 400, "bad_request");
    });
  });
});

describe("rate limiting", () => {
  it("answers 429 with the error envelope past the limit, per user and address", async () => {
    const h = await startApp("pglite", { RATE_LIMIT_MAX: 3 });
    try {
      const a = newUser();
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await h.app.inject({ url: "/api/health", headers: as(a) })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await h.app.inject({ url: "/api/health", headers: as(a) });
      expect(res.json().error.code).toBe("rate_limited");
      // Another device behind the same address has its own budget.
      expect((await h.app.inject({ url: "/api/health", headers: as(newUser()) })).statusCode).toBe(200);
    } finally {
      await h.close();
    }
  });
});
