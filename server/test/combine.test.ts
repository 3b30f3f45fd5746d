// Write combining (server/src/db/combine.ts): one run at a time per key, later arrivals batched, bounded batches,
// each caller answered from its own share, and a failed batch failing only its own callers.
import { describe, expect, it } from "vitest";
import { combiner } from "../src/db/combine.ts";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("combiner", () => {
  it("batches what arrives before the first run starts, then what arrives during a run into the next one", async () => {
    const runs: string[][] = [];
    let active = 0;
    let maxActive = 0;
    const write = combiner<string, string, string>({
      weight: () => 1,
      maxWeight: 100,
      run: async (key, items) => {
        active++;
        maxActive = Math.max(maxActive, active);
        runs.push([key, ...items]);
        await tick();
        active--;
        return items.map((i) => `${key}:${i}`);
      },
    });
    const first = [write("u", "a"), write("u", "b"), write("v", "x")];
    await new Promise((r) => setImmediate(r)); // the runs of u and v have started
    const later = [write("u", "c"), write("u", "d")];
    const answers = await Promise.all([...first, ...later]);
    expect(answers).toEqual(["u:a", "u:b", "v:x", "u:c", "u:d"]);
    expect(runs).toEqual([
      ["u", "a", "b"],
      ["v", "x"],
      ["u", "c", "d"],
    ]);
    expect(maxActive).toBe(2); // u and v in parallel, never two runs of u
    // The key's queue is gone once drained: a later item runs alone.
    await write("u", "e");
    expect(runs.at(-1)).toEqual(["u", "e"]);
  });

  it("bounds a batch by weight, and runs an item heavier than the bound alone", async () => {
    const runs: number[][] = [];
    const write = combiner<string, number, number>({
      weight: (n) => n,
      maxWeight: 10,
      run: async (_key, items) => {
        runs.push(items);
        await tick();
        return items;
      },
    });
    await Promise.all([1, 4, 4, 4, 30, 2].map((n) => write("k", n)));
    expect(runs).toEqual([[1, 4, 4], [4], [30], [2]]);
  });

  it("fails every caller of a failed batch, and only those", async () => {
    let calls = 0;
    const write = combiner<string, string, string>({
      weight: () => 1,
      maxWeight: 100,
      run: async (_key, items) => {
        calls++;
        await tick();
        if (calls === 2) throw new Error("disk full");
        return items;
      },
    });
    const a = write("k", "a");
    await new Promise((r) => setImmediate(r));
    const results = await Promise.allSettled([a, write("k", "b"), write("k", "c")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    expect(await write("k", "d")).toBe("d");
  });
});
