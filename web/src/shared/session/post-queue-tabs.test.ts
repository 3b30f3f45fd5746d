// Several tabs on one device (issue 26.8, decision 0085): two queues on one storage, sending at once, lose nothing;
// a closed tab's posts are taken in by an open one; back online, what waited is sent at once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Locks, type PendingPost, PostQueue, QUEUE_KEY, type QueueStore, tabQueueStore } from "./post-queue.ts";

const networkDown = Object.assign(new Error("Failed to fetch"), { status: 0 });

/** The server's rule: a review event is stored once per id, a progress batch once per batchId. */
function server() {
  const events = new Map<string, number>();
  const batches = new Set<string>();
  const words: number[] = [];
  return {
    events,
    words,
    take(path: string, body: unknown) {
      const b = body as { events?: { id: string }[]; updates?: { wordId: number }[]; batchId?: string };
      if (path === "/review/events") for (const e of b.events ?? []) events.set(e.id, (events.get(e.id) ?? 0) + 1);
      if (path === "/progress/words" && b.batchId && !batches.has(b.batchId)) {
        batches.add(b.batchId);
        for (const u of b.updates ?? []) words.push(u.wordId);
      }
    },
  };
}

/** One storage seen by both tabs, as one localStorage key was. */
function sharedStore(): QueueStore & { items: PendingPost[] } {
  const s = {
    items: [] as PendingPost[],
    read: () => s.items.map((p) => ({ ...p })),
    write: (items: readonly PendingPost[]) => {
      s.items = items.map((p) => ({ ...p }));
    },
  };
  return s;
}

/** A request the test answers when it likes: the network of one tab. */
function network(srv: ReturnType<typeof server>) {
  const waiting: { path: string; body: unknown; answer: (ok: boolean) => void }[] = [];
  const send = (path: string, body: unknown) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({
        path,
        body: structuredClone(body),
        answer: (ok) => {
          if (!ok) return reject(networkDown);
          srv.take(path, body);
          resolve();
        },
      });
    });
  return { send, waiting };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("two tabs on one storage", () => {
  it("sending at once, every answer of both reaches the server", async () => {
    const srv = server();
    const store = sharedStore();
    const netA = network(srv);
    const netB = network(srv);
    const tabA = new PostQueue(store, netA.send, () => 0);
    const tabB = new PostQueue(store, netB.send, () => 0);

    // Tab A kept a progress batch and an answer while the network was gone.
    tabA.later("/progress/words", { updates: [{ wordId: 1, delta: 1 }], batchId: "batch-a" });
    tabA.later("/review/events", { events: [{ id: "a1" }] });
    // The network is back: tab A sends its batch; tab B answers meanwhile, behind what waits.
    const flushA = tabA.flush(true);
    await tick();
    expect(netA.waiting.map((r) => r.path)).toEqual(["/progress/words"]);
    tabB.later("/progress/words", { updates: [{ wordId: 2, delta: 1 }], batchId: "batch-b" });
    tabB.later("/review/events", { events: [{ id: "b1" }] });
    const flushB = tabB.flush(true);
    await tick();
    // Tab A's batch arrives; tab B's first request fails (a flaky network), then everything goes through.
    netA.waiting.shift()?.answer(true);
    netB.waiting.shift()?.answer(false);
    for (let i = 0; i < 20; i++) {
      await tick();
      netA.waiting.shift()?.answer(true);
      netB.waiting.shift()?.answer(true);
    }
    await Promise.all([flushA, flushB]);
    for (let i = 0; i < 5 && store.items.length > 0; i++) {
      const again = tabB.flush(true);
      for (let j = 0; j < 20; j++) {
        await tick();
        netB.waiting.shift()?.answer(true);
      }
      await again;
    }

    expect(store.items).toEqual([]);
    expect([...srv.words].sort()).toEqual([1, 2]);
    expect([...srv.events.keys()].sort()).toEqual(["a1", "b1"]);
  });
});

/** Web Locks as a browser keeps them across tabs: exclusive, queued, ifAvailable; a closed tab's locks go free. */
function lockManager() {
  const held = new Map<string, string>();
  const queue = new Map<string, { tab: string; grant: () => void }[]>();
  const release = (name: string) => {
    held.delete(name);
    const next = queue.get(name)?.shift();
    next?.grant();
  };
  const forTab = (tab: string): Locks & { close(): void } => ({
    request<T>(
      name: string,
      a: { ifAvailable: boolean } | ((lock: unknown) => T | Promise<T>),
      b?: (lock: unknown) => T | Promise<T>,
    ): Promise<T> {
      const ifAvailable = typeof a === "object" && a.ifAvailable;
      const callback = (typeof a === "function" ? a : b) as (lock: unknown) => T | Promise<T>;
      const run = async () => {
        held.set(name, tab);
        try {
          return await callback({ name });
        } finally {
          if (held.get(name) === tab) release(name);
        }
      };
      if (!held.has(name)) return run();
      if (ifAvailable) return Promise.resolve(callback(null));
      return new Promise<T>((resolve, reject) => {
        const list = queue.get(name) ?? [];
        list.push({ tab, grant: () => void run().then(resolve, reject) });
        queue.set(name, list);
      });
    },
    close() {
      for (const [name, owner] of [...held]) if (owner === tab) release(name);
      for (const [name, list] of queue)
        queue.set(
          name,
          list.filter((r) => r.tab !== tab),
        );
    },
  });
  return { forTab };
}

describe("tabQueueStore", () => {
  beforeEach(() => localStorage.clear());

  it("keeps each tab's posts under its own key: one tab's success leaves the other's posts alone", async () => {
    const locks = lockManager();
    const a = tabQueueStore(locks.forTab("a"));
    const b = tabQueueStore(locks.forTab("b"));
    const post = (id: string): PendingPost => ({
      id,
      path: "/review/events",
      body: { events: [] },
      attempts: 0,
      nextAt: 0,
    });
    a.write([post("a1")]);
    b.write([post("b1")]);
    a.write([]);
    expect(b.read().map((p) => p.id)).toEqual(["b1"]);
    // An open tab's posts are not taken.
    await a.adopt?.();
    expect(a.read()).toEqual([]);
    expect(b.read().map((p) => p.id)).toEqual(["b1"]);
  });

  it("takes in a closed tab's posts at once, marked tried, and the old shared key's", async () => {
    const locks = lockManager();
    const sent: string[] = [];
    const lockA = locks.forTab("a");
    const a = tabQueueStore(lockA);
    let adopted = 0;
    const b = tabQueueStore(locks.forTab("b"), () => adopted++);
    a.write([{ id: "a1", path: "/progress/words", body: { updates: [], batchId: "x" }, attempts: 0, nextAt: 0 }]);
    localStorage.setItem(
      QUEUE_KEY,
      JSON.stringify([{ id: "old", path: "/game/play", body: { sessionId: "s" }, attempts: 2, nextAt: 0 }]),
    );
    const queueB = new PostQueue(
      b,
      async (_path, body) => {
        sent.push(JSON.stringify(body));
      },
      () => 0,
    );
    await queueB.flush(true);
    // The old key is taken and sent; tab A is open: its post stays its own.
    expect(sent).toEqual(['{"sessionId":"s"}']);
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
    expect(a.read().map((p) => p.id)).toEqual(["a1"]);
    // Tab A closes: tab B takes its post the moment its lock is free, marked tried (A may have been sending it).
    lockA.close();
    await tick();
    expect(adopted).toBe(1);
    expect(b.read()).toMatchObject([{ id: "a1", attempts: 1 }]);
    await queueB.flush(true);
    expect(sent).toEqual(['{"sessionId":"s"}', '{"updates":[],"batchId":"x"}']);
    expect(Object.keys(localStorage).filter((k) => k.startsWith(QUEUE_KEY))).toEqual([]);
  });
});

describe("back online", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("sends the answers kept offline within seconds, its backoff started over, and says so to the page", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const stored: unknown[] = [];
    let up = false;
    const fetchMock = vi.fn(async (_url: unknown, init?: { body?: string }) => {
      if (!up) throw new TypeError("Failed to fetch");
      const { events } = JSON.parse(init?.body ?? "{}") as { events: { id: string }[] };
      stored.push(...events);
      const results = events.map((e) => ({ id: e.id, status: "stored" }));
      return new Response(JSON.stringify({ stored: events.length, results }), { status: 200 });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { postQueue, startQueue, ANSWERS_SENT_EVENT } = await import("./queue.ts");
    // Loaded before the clock matters: in development the client checks each answer with it (a dynamic import).
    await import("../api/check-answer.ts");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const told = vi.fn();
    window.addEventListener(ANSWERS_SENT_EVENT, told);
    startQueue();
    // Ten answers offline, one minute apart, and the queue's retries meanwhile (each fails).
    for (let i = 0; i < 10; i++) {
      await postQueue.post("/review/events", { events: [{ id: `e${i}` }] });
      await vi.advanceTimersByTimeAsync(60_000);
    }
    expect(stored).toEqual([]);
    expect(postQueue.pending()[0]?.attempts).toBeGreaterThanOrEqual(5);
    // Back online, though the first request fails (the network needs a moment after the 'online' event): stored
    // within seconds, not after the 64 s or more the retries had backed off to.
    onLine.mockReturnValue(true);
    setTimeout(() => {
      up = true;
    }, 500);
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(4_100);
    expect(stored).toHaveLength(10);
    expect(postQueue.pending()).toEqual([]);
    expect(told).toHaveBeenCalledTimes(1);
    window.removeEventListener(ANSWERS_SENT_EVENT, told);
  });

  it("a first try that fails just after the network returns is retried within seconds", async () => {
    let now = 0;
    let up = false;
    const sent: unknown[] = [];
    const store = sharedStore();
    const q = new PostQueue(
      store,
      async (_p, body) => {
        if (!up) throw networkDown;
        sent.push(body);
      },
      () => now,
    );
    q.later("/game/play", { sessionId: "s" });
    for (let i = 0; i < 8; i++) await q.flush(true);
    expect(q.nextDueAt()).toBe(backoffAt(8));
    // The 'online' event came a moment before the network could carry the request.
    q.resetBackoff();
    await q.flush(true);
    expect(q.nextDueAt()).toBe(4_000);
    up = true;
    now = 4_000;
    await q.flush();
    expect(sent).toEqual([{ sessionId: "s" }]);
  });
});

function backoffAt(attempts: number): number {
  return Math.min(2_000 * 2 ** (attempts - 1), 300_000);
}
