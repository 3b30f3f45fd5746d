// Acknowledged writes survive kill -9 of the server on PGlite, and a restart sees them all.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { as, FIXTURE_CONTENT, newUser } from "./helpers.ts";
import { killHard, startServer, startsTimeout } from "./process.ts";

describe("durability on PGlite", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ivrit-durability-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two real server starts (migrations, content) and kill -9.
  it("keeps every acknowledged progress, play and review write across kill -9", {
    timeout: startsTimeout(2),
  }, async () => {
    const env = { DATA_DIR: dataDir, CONTENT_DIR: FIXTURE_CONTENT };
    const first = await startServer(env);
    const user = newUser();
    const headers = { ...as(user), "content-type": "application/json" };
    const post2 = (url: string, path: string, body: unknown) =>
      fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const post = (path: string, body: unknown) => post2(first.url, path, body);
    let acknowledgedPlays = 0;
    let acknowledgedScore = 0;
    // Writes in flight when the process dies: only the acknowledged ones are owed.
    const writes = Array.from({ length: 60 }, async (_, i) => {
      const p = await post("/api/game/play", { gameName: "flashcards", language: "en", sessionId: `s${i}` });
      if (p.status === 201) acknowledgedPlays++;
      const w = await post("/api/progress/word", { wordId: 1001, delta: 1 });
      if (w.status === 200) acknowledgedScore++;
    });
    await Promise.all(writes);
    expect(acknowledgedPlays).toBe(60);
    await post("/api/me/active-module", { module_id: 1 });
    // Review events are acknowledged once stored and folded onto cards after (decision 0066): killed at once,
    // before its fold, the process leaves them stored and unfolded.
    const reviewed = Array.from({ length: 24 }, (_, i) => ({
      id: `r${i}`,
      wordId: 1001 + (i % 6),
      at: new Date(Date.now() - (30 - i) * 3_600_000).toISOString(),
      game: "review",
      outcome: i % 4 === 0 ? "wrong" : "right",
    }));
    const stored = await Promise.all(reviewed.map((e) => post("/api/review/events", { events: [e] })));
    expect(stored.map((r) => r.status)).toEqual(Array(24).fill(200));
    await killHard(first);

    const second = await startServer(env);
    try {
      const active = await fetch(`${second.url}/api/me/active-module`, { headers: as(user) });
      expect(((await active.json()) as { id: number }).id).toBe(1);
      // Replaying every play is answered "already stored" (200): all 60 survived.
      const replays = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fetch(`${second.url}/api/game/play`, {
            method: "POST",
            headers,
            body: JSON.stringify({ gameName: "flashcards", language: "en", sessionId: `s${i}` }),
          }).then((r) => r.status),
        ),
      );
      expect(replays.every((s) => s === 200)).toBe(true);
      // The learner's first read folds what the killed process had not: all six words are in review.
      const words = await fetch(`${second.url}/api/review/words?moduleId=1`, { headers: as(user) });
      const items = ((await words.json()) as { items: { wordId: number; state: string }[] }).items;
      expect(items.map((w) => w.wordId).sort()).toEqual([1001, 1002, 1003, 1004, 1005, 1006]);
      const again = await post2(second.url, "/api/review/events", { events: reviewed });
      expect(((await again.json()) as { stored: number }).stored).toBe(0);
    } finally {
      await second.stop();
    }
    // Read the word score and the cards straight from the database once the server is gone.
    const { createDb } = await import("../src/db/client.ts");
    const { reviewCards, reviewEvents, wordProgress } = await import("../src/db/schema.ts");
    const { replay } = await import("@ivrit/core/srs");
    const db = await createDb({ dataDir });
    try {
      const [row] = await db.db.select().from(wordProgress);
      expect(row?.score).toBe(acknowledgedScore);
      // Each card is the replay of its word's 4 events, each folded once.
      const events = await db.db.select().from(reviewEvents);
      expect(events).toHaveLength(24);
      for (const card of await db.db.select().from(reviewCards)) {
        const log = events
          .filter((e) => e.wordId === card.wordId)
          .map((e) => ({
            id: e.clientEventId,
            at: e.at,
            outcome: e.outcome as "wrong" | "right",
            mode: "choice" as const,
          }))
          .sort((a, b) => a.at.getTime() - b.at.getTime());
        expect(card.reps).toBe(4);
        expect(card.due).toEqual(replay(log, "UTC")?.due);
      }
    } finally {
      await db.close();
    }
  });
});
