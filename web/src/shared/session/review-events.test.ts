import { describe, expect, it } from "vitest";
import type { PostPath } from "./post-queue.ts";
import { MAX_EVENTS, ReviewEvents } from "./review-events.ts";

function fakeQueue() {
  const posts: { path: PostPath; body: { events: { id: string; outcome: string; wordId: number }[] } }[] = [];
  return {
    posts,
    queue: {
      post: async (path: PostPath, body: unknown) => {
        posts.push({ path, body: body as (typeof posts)[number]["body"] });
        return true;
      },
    },
  };
}

describe("review events", () => {
  it("stamps each answer with its own id and outcome, and sends them in batches the server takes", async () => {
    const { posts, queue } = fakeQueue();
    const events = new ReviewEvents(queue, 60_000, () => Date.parse("2026-05-01T10:00:00Z"));
    events.answer(7, "translation_match", { correct: true, mistakes: 0, elapsedMs: 1200 });
    events.answer(8, "translation_match", { correct: true, mistakes: 1, elapsedMs: 1200 });
    events.answer(9, "review", { correct: true, mistakes: 0, elapsedMs: 7000, kind: "produce" });
    events.answer(10, "review", { correct: false, mistakes: 0, elapsedMs: 500 });
    expect(events.add(0, "review", "right")).toBeNull();
    for (let i = 0; i < MAX_EVENTS; i++) events.add(100 + i, "word_search", "right");
    await events.flush();
    expect(posts.map((p) => [p.path, p.body.events.length])).toEqual([
      ["/review/events", MAX_EVENTS],
      ["/review/events", 4],
    ]);
    const first = posts[0]?.body.events ?? [];
    expect(first.slice(0, 4).map((e) => [e.wordId, e.outcome])).toEqual([
      [7, "right_fast"],
      [8, "right_after_mistake"],
      [9, "right_fast"],
      [10, "wrong"],
    ]);
    const ids = posts.flatMap((p) => p.body.events.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(first[0]).toMatchObject({ at: "2026-05-01T10:00:00.000Z", game: "translation_match" });
    await events.flush();
    expect(posts).toHaveLength(2);
  });

  it("remembers the words missed since the last take", () => {
    const { queue } = fakeQueue();
    const events = new ReviewEvents(queue, 60_000);
    events.add(1, "review", "wrong");
    events.add(2, "review", "right");
    events.add(3, "review", "right_after_mistake");
    events.add(1, "review", "wrong");
    expect(events.takeMissed()).toEqual([1, 3]);
    expect(events.takeMissed()).toEqual([]);
  });
});
