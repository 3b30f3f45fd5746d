import { describe, expect, it } from "vitest";
import { type EntryMeta, memoryBackend } from "./backend.ts";
import { entriesToEvict, KEEP_MS, OfflineStore, usageOf } from "./store.ts";

const DAY = 24 * 60 * 60 * 1000;

function meta(key: string, size: number, usedAt: number, moduleId: number | null = null): EntryMeta {
  return { key, kind: key.startsWith("audio|") ? "audio" : "answer", size, usedAt, savedAt: usedAt, moduleId };
}

describe("entriesToEvict", () => {
  it("removes entries unused for 30 days, then the least recently used until the rest fits", () => {
    const now = 100 * DAY;
    const entries = [
      meta("old", 10, now - KEEP_MS - 1),
      meta("a", 40, now - 5 * DAY),
      meta("b", 40, now - 1 * DAY),
      meta("c", 40, now),
    ];
    expect(entriesToEvict(entries, 1000, now)).toEqual(["old"]);
    expect(entriesToEvict(entries, 100, now)).toEqual(["old", "a"]);
    expect(entriesToEvict(entries, 40, now)).toEqual(["old", "a", "b"]);
    // Exactly on the 30 days it is kept.
    expect(entriesToEvict([meta("edge", 1, now - KEEP_MS)], 10, now)).toEqual([]);
  });
});

describe("usageOf", () => {
  it("adds the sizes and names the modules whose words are kept", () => {
    expect(
      usageOf([meta("x|/words?moduleId=3", 100, 0, 3), meta("audio|/a.mp3", 50, 0, 3), meta("x|/me", 10, 0)]),
    ).toEqual({ bytes: 160, answers: 2, audioFiles: 1, modules: [3] });
  });
});

describe("OfflineStore", () => {
  it("keeps answers and audio, evicts the least recently used beyond the budget, and clears", async () => {
    let now = 1000;
    const store = new OfflineStore(memoryBackend(), () => now, 100);
    let changes = 0;
    store.subscribe(() => {
      changes += 1;
    });
    await store.saveAnswer("u|/me", '{"a":1}', null); // 14 bytes
    now += 1;
    await store.saveAudio("audio|/x.mp3", new Blob([new Uint8Array(60)]), 5);
    expect(await store.readAnswer("u|/me")).toBe('{"a":1}');
    expect((await store.readAudio("audio|/x.mp3"))?.size).toBe(60);
    expect(await store.usage()).toEqual({ bytes: 74, answers: 1, audioFiles: 1, modules: [] });
    expect(await store.savedAt("u|/me")).toBe(1000);
    expect(await store.savedAt("u|/nothing")).toBeNull();
    now += 1;
    // 40 more bytes: over 100, so the oldest (the /me answer) goes.
    await store.saveAnswer("u|/words?moduleId=5", "x".repeat(20), 5);
    expect(await store.readAnswer("u|/me")).toBeUndefined();
    expect(await store.usage()).toEqual({ bytes: 100, answers: 1, audioFiles: 1, modules: [5] });
    expect(changes).toBeGreaterThanOrEqual(3);
    await store.clear();
    expect(await store.usage()).toEqual({ bytes: 0, answers: 0, audioFiles: 0, modules: [] });
  });

  it("a read an hour later marks the entry used, so it outlives entries read less recently", async () => {
    let now = 0;
    const store = new OfflineStore(memoryBackend(), () => now, 30);
    await store.saveAnswer("first", "aaaaa", null); // 10 bytes
    now = 10;
    await store.saveAnswer("second", "bbbbb", null);
    now = 2 * 60 * 60 * 1000;
    await store.readAnswer("first");
    await store.saveAnswer("third", "ccccc", null);
    now += 1;
    await store.saveAnswer("fourth", "ddddd", null);
    expect(await store.readAnswer("second")).toBeUndefined();
    expect(await store.readAnswer("first")).toBe("aaaaa");
  });
});
