import { describe, expect, it } from "vitest";
import { groupFlush } from "../src/db/group-flush.ts";

/** A sync that takes `ms` and records when it started and ended. */
function fakeSync(ms: number) {
  const runs: { start: number; end: number }[] = [];
  let clock = 0;
  const sync = async () => {
    const run = { start: ++clock, end: 0 };
    runs.push(run);
    await new Promise((r) => setTimeout(r, ms));
    run.end = ++clock;
  };
  return { runs, sync, now: () => ++clock };
}

describe("groupFlush (group commit)", () => {
  it("runs one sync for a lone caller", async () => {
    const f = fakeSync(5);
    await groupFlush(f.sync)();
    expect(f.runs).toHaveLength(1);
  });

  it("serves 50 concurrent callers with at most two syncs", async () => {
    const f = fakeSync(20);
    const flush = groupFlush(f.sync);
    await Promise.all(Array.from({ length: 50 }, () => flush()));
    expect(f.runs.length).toBeLessThanOrEqual(2);
  });

  it("answers a caller only after a sync that started after it called", async () => {
    const f = fakeSync(10);
    const flush = groupFlush(f.sync);
    const first = flush(); // starts sync 1
    await new Promise((r) => setTimeout(r, 2)); // sync 1 is running
    const calledAt = f.now();
    let answeredAt = 0;
    const second = flush().then(() => {
      answeredAt = f.now();
    });
    await Promise.all([first, second]);
    const covering = f.runs.find((r) => r.start > calledAt);
    expect(covering).toBeDefined();
    expect(answeredAt).toBeGreaterThan(covering?.end ?? Number.POSITIVE_INFINITY);
    expect(f.runs).toHaveLength(2);
  });

  it("passes a failed sync on to its callers and still runs the next one", async () => {
    let calls = 0;
    const flush = groupFlush(async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      if (calls === 1) throw new Error("disk full");
    });
    const first = flush();
    const second = flush();
    await expect(first).rejects.toThrow("disk full");
    await expect(second).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
