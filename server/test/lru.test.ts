// stringCache (server/src/content/lru.ts): lru-cache weighing strings at two bytes a character, bounded by bytes,
// least recently used first out, and refusing a value larger than a quarter of the bound.
import { describe, expect, it } from "vitest";
import { stringCache } from "../src/content/lru.ts";

// Two bytes a character: a 10-character key and a 40-character value cost 100 bytes.
const key = (i: number) => `key-${String(i).padStart(6, "0")}`;
const value = (i: number) => `${i}`.padEnd(40, "v");

describe("stringCache", () => {
  it("evicts the least recently used entries once the bytes exceed the bound", () => {
    const lru = stringCache(100); // 50 characters
    lru.set("a", "x".repeat(9)); // 20 bytes with its key
    lru.set("b", "x".repeat(9));
    lru.set("c", "x".repeat(9));
    expect(lru.get("a")).toBe("x".repeat(9)); // a is now the most recent
    lru.set("d", "x".repeat(9));
    lru.set("e", "x".repeat(9));
    lru.set("f", "x".repeat(9)); // 120 bytes: the oldest (b) leaves
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.calculatedSize).toBeLessThanOrEqual(100);
    expect(lru.size).toBe(5);
  });

  it("replaces a key's value without counting it twice, and refuses a value larger than a quarter of the bound", () => {
    const lru = stringCache(1000);
    lru.set("k", "x".repeat(99));
    lru.set("k", "y".repeat(99));
    expect(lru.calculatedSize).toBe(200);
    expect(lru.get("k")).toBe("y".repeat(99));
    lru.set("big", "z".repeat(200)); // 406 bytes > 250
    expect(lru.get("big")).toBeUndefined();
    lru.set("edge", "z".repeat(121)); // 8 + 242 = 250 bytes: a quarter exactly is kept
    expect(lru.get("edge")).toBeDefined();
    expect(lru.size).toBe(2);
  });

  it("weighs an empty string, and stays within its bound under many distinct keys", () => {
    const lru = stringCache(10_000);
    lru.set("", "");
    expect(lru.get("")).toBe("");
    for (let i = 0; i < 5000; i++) lru.set(`key-${i}`, "שלום".repeat(i % 50));
    expect(lru.calculatedSize).toBeLessThanOrEqual(10_000);
    expect(lru.size).toBeGreaterThan(10);
  });

  it("under churn evicts in least-recent order", () => {
    const lru = stringCache(10_000); // a hundred entries
    const model: number[] = []; // least recent first
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % 300;
    };
    for (let n = 0; n < 50_000; n++) {
      const i = next();
      const at = model.indexOf(i);
      const hit = lru.get(key(i));
      expect(hit !== undefined).toBe(at >= 0);
      if (at >= 0) model.splice(at, 1);
      else lru.set(key(i), value(i));
      model.push(i);
      if (model.length > 100) model.shift();
      expect(lru.size).toBe(model.length);
    }
  });
});
