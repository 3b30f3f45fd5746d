// StringLru (server/src/content/lru.ts): bounded by bytes, least recently used first out.
import { describe, expect, it } from "vitest";
import { StringLru } from "../src/content/lru.ts";

describe("StringLru", () => {
  it("evicts the least recently used entries once the bytes exceed the bound", () => {
    const lru = new StringLru(100); // 50 characters
    lru.set("a", "x".repeat(9)); // 20 bytes with its key
    lru.set("b", "x".repeat(9));
    lru.set("c", "x".repeat(9));
    expect(lru.get("a")).toBe("x".repeat(9)); // a is now the most recent
    lru.set("d", "x".repeat(9));
    lru.set("e", "x".repeat(9));
    lru.set("f", "x".repeat(9)); // 120 bytes: the oldest (b) leaves
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.bytes).toBeLessThanOrEqual(100);
    expect(lru.count).toBe(5);
  });

  it("replaces a key's value without counting it twice, and refuses a value larger than a quarter of the bound", () => {
    const lru = new StringLru(1000);
    lru.set("k", "x".repeat(99));
    lru.set("k", "y".repeat(99));
    expect(lru.bytes).toBe(200);
    expect(lru.get("k")).toBe("y".repeat(99));
    lru.set("big", "z".repeat(200)); // 406 bytes > 250
    expect(lru.get("big")).toBeUndefined();
    expect(lru.count).toBe(1);
  });

  it("stays within its bound under many distinct keys", () => {
    const lru = new StringLru(10_000);
    for (let i = 0; i < 5000; i++) lru.set(`key-${i}`, "שלום".repeat(i % 50));
    expect(lru.bytes).toBeLessThanOrEqual(10_000);
    expect(lru.count).toBeGreaterThan(10);
  });
});
