// Generated junk thrown at every route's query, body and identity headers: never a 5xx. Includes raw bytes, NUL
// and unpaired surrogates, hostile nesting and extreme numbers, on every backend (what one database refuses the
// other may take).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, BACKENDS, startApp, type TestApp } from "./helpers.ts";

const WORDS_PARAMS = [
  "language",
  "moduleId",
  "tier",
  "tiers",
  "category",
  "tense",
  "hasRoots",
  "includeRoots",
  "q",
  "chip",
  "random",
  "seed",
  "fields",
  "limit",
  "offset",
  "roots",
  "includeDerived",
  "limitPerRoot",
  "includeLowerTiers",
  "perTierLimit",
  "shuffleAfterMerge",
  "all",
];
const GETS = [
  "/api/words",
  "/api/me",
  "/api/me/entitlements",
  "/api/me/active-module",
  "/api/me/modules",
  "/api/beginner/letters",
  "/api/beginner/letter-vowel",
  "/api/beginner/words",
  "/api/health",
];
const BODIES = [
  ["POST", "/api/me/active-module"],
  ["PATCH", "/api/me"],
  ["POST", "/api/progress/word"],
  ["POST", "/api/progress/words"],
  ["POST", "/api/progress/module"],
  ["POST", "/api/game/play"],
] as const;
const BODY_KEYS = [
  "module_id",
  "moduleId",
  "userId",
  "wordId",
  "delta",
  "updates",
  "gameName",
  "language",
  "platform",
  "sessionId",
  "meta",
  "levelId",
  "preferredLanguage",
  "preferredLevel",
  "correct",
  "total",
];

const junkValue = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "",
    "0",
    "-1",
    "1",
    "3",
    "4",
    "1e309",
    "NaN",
    "Infinity",
    "null",
    "true",
    "1,2,3",
    "כ-ת-ב",
    "%00",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "1e300",
    "-1e20",
    "0x1",
    " 1",
    "01",
    "1.0",
    "😀",
    "a".repeat(500),
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const query = fc.dictionary(fc.oneof(fc.constantFrom(...WORDS_PARAMS), fc.string({ maxLength: 8 })), junkValue, {
  maxKeys: 6,
});
const jsonJunk = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.oneof(fc.constantFrom(...BODY_KEYS), fc.string({ maxLength: 6 })), fc.jsonValue(), { maxKeys: 8 }),
);

// ---------- hostile values: what a database or a parser may choke on ----------
const SECRET = "fuzz-test-webhook-secret-0123";
const DEEP = "\u0001deep:";
/** JSON text with every DEEP marker replaced by a nesting of that depth (objects or arrays). */
const toJson = (body: unknown) =>
  (JSON.stringify(body) ?? "null").replace(/"\\u0001deep:(\d+):(\w)"/g, (_, d: string, kind: string) => {
    const n = Number(d);
    return kind === "o" ? `${'{"a":'.repeat(n)}1${"}".repeat(n)}` : `${"[".repeat(n)}1${"]".repeat(n)}`;
  });
const extremeNumber = fc.oneof(
  fc.constantFrom(
    1e300,
    -1e20,
    1.7976931348623157e308,
    -1.7976931348623157e308,
    5e-324,
    -0,
    2 ** 53 + 2,
    -(2 ** 31) - 1,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
);
const nastyString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }), // any code point, unpaired surrogates included
  fc.constantFrom("\u0000", "a\u0000", "\ud800", "\udfff", "x\ud83d", "\u0000\ud800", "\ufeff", "\u202e"),
  fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`),
);
const deep = fc
  .tuple(fc.integer({ min: 2, max: 6000 }), fc.constantFrom("o", "a"))
  .map(([d, kind]) => `${DEEP}${d}:${kind}`);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 3 },
  extremeNumber,
  deep,
  fc.dictionary(nastyString, fc.oneof(nastyString, extremeNumber, deep), { maxKeys: 4 }),
  fc.array(fc.oneof(nastyString, extremeNumber, deep), { maxLength: 4 }),
);
/** Valid bodies per write route: the hostile values replace one or two of their fields, so validation of
 * everything else passes and the hostile value is what decides between a 4xx and the database. */
const VALID: Record<string, () => Record<string, unknown>> = {
  "/api/game/play": () => ({ gameName: "flashcards", language: "en", sessionId: crypto.randomUUID(), meta: {} }),
  "/api/progress/word": () => ({ wordId: 1001, delta: 1 }),
  "/api/progress/words": () => ({ updates: [{ wordId: 1001, delta: 1 }] }),
  "/api/progress/module": () => ({ moduleId: 1, correct: 1, total: 2 }),
  "/api/me/active-module": () => ({ module_id: 1 }),
  "/api/me": () => ({ preferredLanguage: "fr", preferredLevel: 2 }),
};
const nastyWrite = fc.constantFrom(...BODIES).chain(([method, url]) => {
  const keys = Object.keys(VALID[url]?.() ?? {});
  return fc.record({
    method: fc.constant(method),
    url: fc.constant(url),
    replace: fc.dictionary(fc.constantFrom(...keys), nastyValue, { maxKeys: 2 }),
    // meta is free-form: hostile keys and values inside an otherwise valid object
    meta: fc.option(fc.dictionary(nastyString, nastyValue, { minKeys: 1, maxKeys: 3 }), { nil: undefined, freq: 3 }),
  });
});
/** RevenueCat-shaped events with hostile ids, times and stored extras. */
const nastyEvent = fc
  .record(
    {
      id: fc.oneof(fc.uuid(), nastyString),
      type: fc.oneof(fc.constantFrom("INITIAL_PURCHASE", "EXPIRATION", "TRANSFER", "TEST"), nastyString),
      app_user_id: fc.oneof(fc.uuid(), nastyString),
      original_app_user_id: nastyString,
      aliases: fc.array(fc.oneof(fc.uuid(), nastyString), { maxLength: 3 }),
      entitlement_ids: fc.array(fc.oneof(fc.constantFrom("plus", "pro"), nastyString), { maxLength: 3 }),
      product_id: nastyString,
      event_timestamp_ms: fc.oneof(extremeNumber, fc.constant(Date.now())),
      expiration_at_ms: fc.oneof(extremeNumber, fc.constant(null)),
      transferred_from: fc.array(fc.oneof(fc.uuid(), nastyString), { maxLength: 2 }),
      transferred_to: fc.array(fc.oneof(fc.uuid(), nastyString), { maxLength: 2 }),
      subscriber_attributes: nastyValue,
    },
    { requiredKeys: ["id", "event_timestamp_ms"] },
  )
  .chain((event) =>
    fc.record({ api_version: fc.oneof(fc.constant("1.0"), nastyString), event: fc.constant(event), extra: nastyValue }),
  );

const identity = fc.oneof(
  fc.constant({}),
  fc.uuid().map((u) => as(u)),
  fc.record({ "x-anonymous-id": fc.string() }),
  fc.record({ "x-anonymous-id": fc.uuid(), "x-user-id": fc.uuid() }),
);

describe.each(BACKENDS)("fuzz on %s: no 5xx, ever", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend, { REVENUECAT_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => h?.close());

  it("survives junk queries on every GET route", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GETS), query, identity, async (url, q, headers) => {
        const res = await h.app.inject({ method: "GET", url, query: q, headers });
        expect(res.statusCode, `${url}?${new URLSearchParams(q)} -> ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error.message).toBeTruthy();
      }),
      { numRuns: 400 },
    );
  });

  it("survives junk bodies on every write route", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BODIES), jsonJunk, identity, async ([method, url], body, headers) => {
        const res = await h.app.inject({
          method,
          url,
          payload: JSON.stringify(body),
          headers: { ...headers, "content-type": "application/json" },
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)} -> ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  });

  it("survives raw junk payloads and content types", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODIES),
        fc.string(),
        fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "",
        ),
        async ([method, url], payload, type) => {
          const res = await h.app.inject({
            method,
            url,
            payload,
            headers: { ...as(crypto.randomUUID()), "content-type": type },
          });
          expect(res.statusCode, `${method} ${url} ${type} ${payload} -> ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });
  it("survives raw bytes as bodies, and as percent-encoded bytes in paths and queries", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODIES, ["POST", "/api/webhooks/revenuecat"] as const),
        fc.uint8Array({ maxLength: 200 }),
        fc.constantFrom(
          "application/json",
          "application/json; charset=latin1",
          "text/plain",
          "application/octet-stream",
        ),
        async ([method, url], bytes, type) => {
          const res = await h.app.inject({
            method,
            url,
            payload: Buffer.from(bytes),
            headers: { ...as(crypto.randomUUID()), authorization: `Bearer ${SECRET}`, "content-type": type },
          });
          expect(res.statusCode, `${method} ${url} ${type} ${Buffer.from(bytes).toString("hex")}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    const escaped = (bytes: Uint8Array) => [...bytes].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GETS),
        fc.constantFrom(...WORDS_PARAMS),
        fc.uint8Array({ minLength: 1, maxLength: 12 }),
        fc.uint8Array({ maxLength: 6 }),
        async (url, param, bytes, pathBytes) => {
          for (const target of [`${url}?${param}=${escaped(bytes)}`, `${url}${escaped(pathBytes)}`]) {
            const res = await h.app.inject({ method: "GET", url: target });
            expect(res.statusCode, `${target} -> ${res.body}`).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("survives NUL, unpaired surrogates, deep nesting and extreme numbers in every write", async () => {
    await fc.assert(
      fc.asyncProperty(nastyWrite, async ({ method, url, replace, meta }) => {
        const body = { ...VALID[url]?.(), ...replace, ...(url === "/api/game/play" && meta && { meta }) };
        const payload = toJson(body);
        const res = await h.app.inject({
          method,
          url,
          payload,
          headers: { ...as(crypto.randomUUID()), "content-type": "application/json" },
        });
        expect(res.statusCode, `${method} ${url} ${payload.slice(0, 300)} -> ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().error.message).toBeTruthy();
      }),
      { numRuns: 300 },
    );
  });

  it("survives hostile RevenueCat events", async () => {
    await fc.assert(
      fc.asyncProperty(nastyEvent, async (body) => {
        const payload = toJson(body);
        const res = await h.app.inject({
          method: "POST",
          url: "/api/webhooks/revenuecat",
          payload,
          headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
        });
        expect(res.statusCode, `${payload.slice(0, 300)} -> ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
