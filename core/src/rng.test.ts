import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng, randomSeed, sample, sampleDistinct, sampleSpread, shuffle } from "./rng.ts";

const draw = (seed: number, n: number) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, rng);
};

describe("seeded random numbers", () => {
  it("repeats the same sequence for a seed, another for another seed", () => {
    expect(draw(42, 5)).toEqual(draw(42, 5));
    expect(draw(42, 5)).not.toEqual(draw(43, 5));
    // mulberry32's first output for seed 1 (a fixed value: a change of the generator changes every game).
    expect(draw(1, 1)[0]).toBeCloseTo(0.6270739405881613, 15);
  });

  it("gives floats in [0, 1)", () => {
    fc.assert(fc.property(fc.integer(), (seed) => draw(seed, 50).every((x) => x >= 0 && x < 1)));
  });

  it("shuffles into a permutation and leaves the input alone", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 30 }), fc.integer(), (items, seed) => {
        const copy = [...items];
        const out = shuffle(items, createRng(seed));
        expect(items).toEqual(copy);
        expect([...out].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });

  it("moves every position over many shuffles (no fixed element)", () => {
    const rng = createRng(7);
    const firsts = new Set<number>();
    for (let i = 0; i < 200; i++) firsts.add(shuffle([0, 1, 2, 3], rng)[0] ?? -1);
    expect([...firsts].sort()).toEqual([0, 1, 2, 3]);
  });

  it("samples up to n distinct items", () => {
    expect(sample([1, 2, 3], 5, createRng(1))).toHaveLength(3);
    expect(sample([1, 2, 3], -1, createRng(1))).toEqual([]);
    expect(new Set(sample([1, 2, 3, 4, 5], 3, createRng(2))).size).toBe(3);
  });

  it("takes one item per key with sampleDistinct", () => {
    const items = ["a1", "a2", "b1", "b2", "c1"];
    const out = sampleDistinct(items, 5, createRng(3), (s) => s[0] ?? "");
    expect(out).toHaveLength(3);
    expect(new Set(out.map((s) => s[0])).size).toBe(3);
  });

  it("spreads over every key before repeating one with sampleSpread", () => {
    const items = ["a1", "a2", "a3", "b1", "c1"];
    const out = sampleSpread(items, 4, createRng(4), (s) => s[0] ?? "");
    expect(out).toHaveLength(4);
    expect(new Set(out.slice(0, 3).map((s) => s[0]))).toEqual(new Set(["a", "b", "c"]));
    expect(new Set(out).size).toBe(4);
  });

  it("makes seeds that are whole numbers in [0, 2^31)", () => {
    for (let i = 0; i < 100; i++) {
      const s = randomSeed();
      expect(Number.isInteger(s) && s >= 0 && s < 2 ** 31).toBe(true);
    }
  });
});
