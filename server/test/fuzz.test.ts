// Generated junk thrown at every route's query, body and identity headers: never a 5xx.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, startApp, type TestApp } from "./helpers.ts";

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
const identity = fc.oneof(
  fc.constant({}),
  fc.uuid().map((u) => as(u)),
  fc.record({ "x-anonymous-id": fc.string() }),
  fc.record({ "x-anonymous-id": fc.uuid(), "x-user-id": fc.uuid() }),
);

describe("fuzz: no 5xx, ever", () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp("pglite");
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
});
