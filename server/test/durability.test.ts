// Acknowledged writes survive kill -9 of the server on PGlite, and a restart sees them all.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { as, FIXTURE_CONTENT, newUser } from "./helpers.ts";
import { killHard, startServer } from "./process.ts";

describe("durability on PGlite", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ivrit-durability-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps every acknowledged progress and play write across kill -9", async () => {
    const env = { DATA_DIR: dataDir, CONTENT_DIR: FIXTURE_CONTENT };
    const first = await startServer(env);
    const user = newUser();
    const headers = { ...as(user), "content-type": "application/json" };
    const post = (path: string, body: unknown) =>
      fetch(`${first.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
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
    } finally {
      await second.stop();
    }
    // Read the word score straight from the database once the server is gone.
    const { createDb } = await import("../src/db/client.ts");
    const { wordProgress } = await import("../src/db/schema.ts");
    const db = await createDb({ dataDir });
    try {
      const [row] = await db.db.select().from(wordProgress);
      expect(row?.score).toBe(acknowledgedScore);
    } finally {
      await db.close();
    }
  }, 180_000); // two real server starts (migrations, content) and kill -9: minutes on a loaded 2-core machine
});
