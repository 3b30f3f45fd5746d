import { afterEach, describe, expect, it } from "vitest";
import { answerKey, audioPathsIn, cutPool, modulePackQuery, offlineAnswer, rememberAnswer } from "./answers.ts";
import { OPENED_KEY, offlineModules, parseOpened, recentModules } from "./modules.ts";
import { KEEP_MS, offlineStore } from "./store.ts";

afterEach(async () => {
  await offlineStore.clear();
  localStorage.clear();
});

const words = (ids: number[]) => ({
  items: ids.map((id) => ({ id, audio_path: `audio/words/${id}.mp3` })),
  module: { id: 5 },
  locked: false,
});

describe("answerKey", () => {
  it("sorts the parameters, leaves out empty ones and the seed, and writes values as the client sends them", () => {
    expect(answerKey("u", "/words", { moduleId: 5, language: "en", seed: 99, q: undefined, random: true })).toBe(
      "u|/words?language=en&moduleId=5&random=1",
    );
    expect(answerKey("u", "/words", { random: "1", language: "en", moduleId: "5" })).toBe(
      "u|/words?language=en&moduleId=5&random=1",
    );
    expect(answerKey("u", "/me", undefined)).toBe("u|/me");
    expect(answerKey("other", "/me", {})).not.toBe(answerKey("u", "/me", {}));
  });
});

describe("offline answers", () => {
  it("reads back an answer kept for the same request, whatever its seed", async () => {
    await rememberAnswer("u", "/review/queue", undefined, '{"due":3}');
    expect(await offlineAnswer("u", "/review/queue", undefined)).toEqual({ due: 3 });
    expect(await offlineAnswer("someone-else", "/review/queue", undefined)).toBeUndefined();
    expect(await offlineAnswer("u", "/review/progress", { language: "en" })).toBeUndefined();
  });

  it("cuts a module game's pool from the module's kept words: shuffled by the seed, to the game's limit", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => i + 1);
    await rememberAnswer("u", "/words", modulePackQuery("en", 5), JSON.stringify(words(ids)));
    const query = { language: "en", moduleId: "5", limit: "10", random: "1", seed: "42" };
    const pool = (await offlineAnswer("u", "/words", query)) as ReturnType<typeof words>;
    expect(pool.items).toHaveLength(10);
    expect(pool.module).toEqual({ id: 5 });
    expect(new Set(pool.items.map((w) => w.id)).size).toBe(10);
    // The same seed cuts the same pool; another module has none.
    expect(await offlineAnswer("u", "/words", query)).toEqual(pool);
    expect(await offlineAnswer("u", "/words", { ...query, moduleId: "6" })).toBeUndefined();
    // The stored-module check asks for one word.
    const one = (await offlineAnswer("u", "/words", {
      language: "en",
      moduleId: 5,
      limit: "1",
      fields: "compact",
    })) as {
      items: unknown[];
    };
    expect(one.items).toHaveLength(1);
  });

  it("counts a game's load of a module as opening it, but not a locked module's", async () => {
    await rememberAnswer("u", "/words", { language: "en", moduleId: 7, random: 1 }, JSON.stringify(words([1])));
    await rememberAnswer("u", "/words", { language: "en", moduleId: 8, random: 1 }, '{"items":[],"locked":true}');
    await rememberAnswer("u", "/words", { language: "en", moduleId: 9, limit: 30 }, JSON.stringify(words([1])));
    expect(offlineModules()).toEqual([7]);
  });
});

describe("cutPool", () => {
  it("keeps the order of a non-random query", () => {
    expect(cutPool(words([1, 2, 3]), { limit: "2" }).items.map((w) => (w as { id: number }).id)).toEqual([1, 2]);
  });
  it("keeps only the asked category", () => {
    const pack = {
      items: [
        { id: 1, category: "verb" },
        { id: 2, category: "noun" },
        { id: 3, category: "verb" },
      ],
    };
    expect(cutPool(pack, { category: "verb", limit: "400" }).items).toEqual([
      { id: 1, category: "verb" },
      { id: 3, category: "verb" },
    ]);
  });
});

describe("audioPathsIn", () => {
  it("finds every audio path once, at any depth", () => {
    expect(
      audioPathsIn({
        items: [
          { audio_path: "a.mp3", roots: [{ pronunciation_audio: "b.mp3" }] },
          { audio_path: "a.mp3", pronunciation_audio: null },
          { audioPath: "c.mp3" },
          { id: 9, audio: "d.mp3", canPlayAudio: true },
          { audio_path: "  " },
        ],
      }),
    ).toEqual(["a.mp3", "b.mp3", "c.mp3", "d.mp3"]);
  });
});

describe("opened modules", () => {
  it("keeps the modules opened within 30 days, most recent first, and ignores junk", () => {
    const now = 100 * 24 * 60 * 60 * 1000;
    expect(recentModules({ "1": now - KEEP_MS - 1, "2": now - 10, "3": now }, now)).toEqual([3, 2]);
    expect(parseOpened('{"1": 5, "x": 3, "-2": 1, "4": "no"}')).toEqual({ "1": 5 });
    expect(parseOpened("[1]")).toEqual({});
    localStorage.setItem(OPENED_KEY, "{broken");
    expect(offlineModules(now)).toEqual([]);
  });
});
