import { describe, expect, it, vi } from "vitest";
import {
  backoffMs,
  isRetryable,
  localQueueStore,
  MAX_PENDING,
  type PendingPost,
  PostQueue,
  type QueueStore,
} from "./post-queue.ts";
import { chunk, mergeUpdates, ProgressBatch } from "./progress-batch.ts";

function memoryStore(): QueueStore & { items: PendingPost[] } {
  const s = {
    items: [] as PendingPost[],
    read: () => [...s.items],
    write: (items: readonly PendingPost[]) => {
      s.items = [...items];
    },
  };
  return s;
}

const networkDown = Object.assign(new Error("Failed to fetch"), { status: 0 });
const serverError = Object.assign(new Error("boom"), { status: 503 });
const badRequest = Object.assign(new Error("wordId: unknown word 9"), { status: 400 });

describe("isRetryable and backoffMs", () => {
  it("retries network failures, timeouts, throttling and 5xx, not other 4xx", () => {
    expect(isRetryable(networkDown)).toBe(true);
    expect(isRetryable(new Error("no status"))).toBe(true);
    expect(isRetryable(serverError)).toBe(true);
    expect(isRetryable({ status: 429 })).toBe(true);
    expect(isRetryable({ status: 408 })).toBe(true);
    expect(isRetryable(badRequest)).toBe(false);
    expect(isRetryable({ status: 403 })).toBe(false);
    // The edges: 499 is the client's fault, 500 the server's.
    expect(isRetryable({ status: 499 })).toBe(false);
    expect(isRetryable({ status: 500 })).toBe(true);
  });
  it("doubles from 2 s up to 5 minutes", () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(30)).toBe(300_000);
  });
});

describe("PostQueue", () => {
  it("sends at once and keeps nothing when the server takes it", async () => {
    const store = memoryStore();
    const send = vi.fn().mockResolvedValue(undefined);
    const q = new PostQueue(store, send, () => 1000);
    await expect(q.post("/game/play", { sessionId: "s1" })).resolves.toBe(true);
    expect(send).toHaveBeenCalledWith("/game/play", { sessionId: "s1" }, "POST");
    expect(store.items).toEqual([]);
  });

  it("keeps a post that failed on the network and sends it once the retry is due", async () => {
    const store = memoryStore();
    let now = 1000;
    const onQueued = vi.fn();
    const send = vi.fn().mockRejectedValueOnce(networkDown).mockResolvedValue(undefined);
    const q = new PostQueue(store, send, () => now, onQueued);
    await expect(q.post("/progress/words", { updates: [{ wordId: 1, delta: 1 }] })).resolves.toBe(false);
    expect(onQueued).toHaveBeenCalledTimes(1);
    expect(store.items).toHaveLength(1);
    expect(store.items[0]).toMatchObject({ path: "/progress/words", attempts: 1, nextAt: 3000 });
    expect(q.nextDueAt()).toBe(3000);

    await q.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.items).toHaveLength(1);

    now = 3000;
    await q.flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith("/progress/words", { updates: [{ wordId: 1, delta: 1 }] }, "POST");
    expect(store.items).toEqual([]);
    expect(q.nextDueAt()).toBeNull();
  });

  it("forced flush (the 'online' event) ignores the backoff", async () => {
    const store = memoryStore();
    const send = vi.fn().mockRejectedValueOnce(serverError).mockResolvedValue(undefined);
    const q = new PostQueue(store, send, () => 0);
    await q.post("/game/play", { sessionId: "a" });
    await q.flush(true);
    expect(store.items).toEqual([]);
  });

  it("backs off further after another failure and stops at the first failure", async () => {
    const store = memoryStore();
    const send = vi.fn().mockRejectedValue(networkDown);
    const q = new PostQueue(store, send, () => 0);
    await q.post("/game/play", { sessionId: "a" });
    // While "a" waits, "b" queues behind it; the queue is tried (a fails again) and b is not sent ahead of it.
    await q.post("/game/play", { sessionId: "b" });
    expect(send.mock.calls.map((c) => (c[1] as { sessionId: string }).sessionId)).toEqual(["a", "a"]);
    send.mockClear();
    await q.flush(true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.items.map((p) => p.attempts)).toEqual([3, 0]);
    expect(store.items[0]?.nextAt).toBe(8000);
  });

  it("sends a new post after the waiting ones, in the order they were made, once the network is back", async () => {
    const store = memoryStore();
    const sent: string[] = [];
    const reported: string[] = [];
    let down = true;
    const q = new PostQueue(
      store,
      async (path, body, method) => {
        if (down) throw networkDown;
        sent.push(`${method} ${path} ${JSON.stringify(body)}`);
      },
      () => 0,
      () => {},
      (posts) => reported.push(...posts.map((p) => p.path)),
    );
    await q.post("/game/play", { sessionId: "1" });
    q.later("/me", { preferredLevel: 2 }, "PATCH");
    down = false;
    await expect(q.post("/me/active-module", { module_id: 7 })).resolves.toBe(true);
    expect(sent).toEqual([
      'POST /game/play {"sessionId":"1"}',
      'PATCH /me {"preferredLevel":2}',
      'POST /me/active-module {"module_id":7}',
    ]);
    expect(store.items).toEqual([]);
    // Every queued post that reached the server is reported (the app then reads the profile again).
    expect(reported).toEqual(["/game/play", "/me", "/me/active-module"]);
  });

  it("offline, merges waiting review events and progress into one batch each, within the server's limits", async () => {
    const offline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const store = memoryStore();
    const send = vi.fn().mockRejectedValue(networkDown);
    const q = new PostQueue(store, send, () => 0);
    await q.post("/review/events", { events: [{ id: "e1" }] });
    await q.post("/progress/words", { updates: [{ wordId: 1, delta: 1 }], batchId: "batch-one" });
    await q.post("/game/play", { sessionId: "s" });
    await q.post("/review/events", { events: [{ id: "e2" }, { id: "e3" }] });
    await q.post("/progress/words", {
      updates: [
        { wordId: 1, delta: 1 },
        { wordId: 2, delta: -1 },
      ],
      batchId: "batch-two",
    });
    // Offline nothing is tried.
    expect(send).not.toHaveBeenCalled();
    expect(store.items.map((p) => [p.path, p.body])).toEqual([
      ["/review/events", { events: [{ id: "e1" }, { id: "e2" }, { id: "e3" }] }],
      [
        "/progress/words",
        {
          updates: [
            { wordId: 1, delta: 1 },
            { wordId: 1, delta: 1 },
            { wordId: 2, delta: -1 },
          ],
          batchId: "batch-one",
        },
      ],
      ["/game/play", { sessionId: "s" }],
    ]);
    // A batch that would pass the server's 200 events starts a new entry.
    const many = Array.from({ length: 199 }, (_, i) => ({ id: `m${i}` }));
    await q.post("/review/events", { events: many });
    expect(store.items.filter((p) => p.path === "/review/events")).toHaveLength(2);
    offline.mockRestore();
  });

  it("never merges into a batch that was already tried: the server may have it under its id", async () => {
    const store = memoryStore();
    const q = new PostQueue(
      store,
      () => Promise.reject(networkDown),
      () => 0,
    );
    await q.post("/progress/words", { updates: [{ wordId: 1, delta: 1 }], batchId: "tried-once" });
    await q.post("/progress/words", { updates: [{ wordId: 2, delta: 1 }], batchId: "never-tried" });
    expect(store.items.map((p) => (p.body as { batchId: string }).batchId)).toEqual(["tried-once", "never-tried"]);
  });

  it("never merges into the batch that is being sent", async () => {
    const store = memoryStore();
    const sent: unknown[] = [];
    let release: () => void = () => {};
    let down = true;
    const q = new PostQueue(
      store,
      (_path, body) => {
        if (down) return Promise.reject(networkDown);
        return new Promise<void>((resolve) => {
          release = () => {
            sent.push(body);
            resolve();
          };
        });
      },
      () => 0,
    );
    await q.post("/review/events", { events: [{ id: "a" }] });
    down = false;
    const flushing = q.flush(true);
    await Promise.resolve();
    q.later("/review/events", { events: [{ id: "b" }] });
    release();
    await flushing;
    expect(sent).toEqual([{ events: [{ id: "a" }] }]);
    expect(store.items.map((p) => p.body)).toEqual([{ events: [{ id: "b" }] }]);
  });

  it("drops a post the server refuses as invalid instead of retrying it forever", async () => {
    const store = memoryStore();
    const send = vi.fn().mockRejectedValue(badRequest);
    const q = new PostQueue(store, send, () => 0);
    await expect(q.post("/progress/words", { updates: [] })).resolves.toBe(false);
    expect(store.items).toEqual([]);
  });

  it("sends queued posts oldest first and keeps posts queued during a flush", async () => {
    const store = memoryStore();
    const sent: string[] = [];
    let fail = true;
    const q = new PostQueue(
      store,
      async (_path, body) => {
        if (fail) throw networkDown;
        sent.push((body as { sessionId: string }).sessionId);
      },
      () => 0,
    );
    await q.post("/game/play", { sessionId: "1" });
    await q.post("/game/play", { sessionId: "2" });
    fail = false;
    const flushing = q.flush(true);
    const joined = q.flush(true);
    expect(joined).toBe(flushing);
    await flushing;
    expect(sent).toEqual(["1", "2"]);
    expect(store.items).toEqual([]);
  });

  it("caps the queue at MAX_PENDING, dropping the oldest", async () => {
    const store = memoryStore();
    const q = new PostQueue(
      store,
      () => Promise.reject(networkDown),
      () => 0,
    );
    for (let i = 0; i < MAX_PENDING + 5; i++) await q.post("/game/play", { sessionId: String(i) });
    expect(store.items).toHaveLength(MAX_PENDING);
    expect(store.items[0]?.body).toEqual({ sessionId: "5" });
  });
});

describe("localQueueStore", () => {
  it("survives a reload through localStorage and ignores junk", () => {
    localStorage.clear();
    const a = localQueueStore("test.queue");
    a.write([{ id: "x", path: "/game/play", body: { sessionId: "s" }, attempts: 1, nextAt: 5 }]);
    expect(localQueueStore("test.queue").read()).toEqual([
      { id: "x", path: "/game/play", body: { sessionId: "s" }, attempts: 1, nextAt: 5 },
    ]);
    localStorage.setItem(
      "test.queue",
      JSON.stringify([{ id: 1 }, "junk", { id: "y", path: "/evil", attempts: 0, nextAt: 0 }]),
    );
    expect(localQueueStore("test.queue").read()).toEqual([]);
    localStorage.setItem("test.queue", "{not json");
    expect(localQueueStore("test.queue").read()).toEqual([]);
    a.write([]);
    expect(localStorage.getItem("test.queue")).toBeNull();
  });
});

describe("progress batching", () => {
  it("sums deltas per word in first-answer order and leaves out zero sums", () => {
    expect(
      mergeUpdates([
        { wordId: 3, delta: 1 },
        { wordId: 1, delta: -1 },
        { wordId: 3, delta: 1 },
        { wordId: 1, delta: 1 },
        { wordId: 2, delta: 250 },
      ]),
    ).toEqual([
      { wordId: 3, delta: 2 },
      { wordId: 2, delta: 100 },
    ]);
  });
  it("chunks to the server's limit", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
  it("sends one batch after the delay, or at once on flush", async () => {
    vi.useFakeTimers();
    const post = vi.fn().mockResolvedValue(true);
    const batch = new ProgressBatch({ post }, 1000);
    batch.add(7, 1);
    batch.add(8, -1);
    batch.add(0, 1);
    batch.add(9, 0);
    expect(post).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(post).toHaveBeenCalledWith("/progress/words", {
      updates: [
        { wordId: 7, delta: 1 },
        { wordId: 8, delta: -1 },
      ],
      batchId: expect.stringMatching(/^[a-z0-9-]{8,64}$/),
    });
    batch.add(7, 1);
    await batch.flush();
    expect(post).toHaveBeenCalledTimes(2);
    // Each batch has its own id.
    const ids = post.mock.calls.map((c) => (c[1] as { batchId: string }).batchId);
    expect(new Set(ids).size).toBe(2);
    await batch.flush();
    expect(post).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
