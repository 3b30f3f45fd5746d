// Idle learners who hold nothing are removed (issue 31.5); anyone who learned, bought or saved a code stays.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../src/db/schema.ts";
import { removeIdleLearners } from "../src/idle-learners.ts";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

describe.each(BACKENDS)("idle learners on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend);
  });
  afterAll(async () => h?.close());

  const exists = async (id: string) =>
    (await h.database.db.select().from(t.users).where(eq(t.users.id, id))).length === 1;
  const age = async (id: string, days: number) => {
    await h.database.db.execute(
      sql`update users set created_at = now() - make_interval(days => ${days}) where id = ${id}::uuid`,
    );
    await h.database.db.execute(
      sql`update devices set last_seen = now() - make_interval(days => ${days}) where learner_id = ${id}::uuid`,
    );
  };

  it("removes a learner with nothing whose devices were idle 90 days; keeps the recent and those who hold something", async () => {
    const idle = newUser();
    const recent = newUser();
    const learned = newUser();
    const coded = newUser();
    // A write makes the learner's rows (a read does not: issue 32).
    for (const id of [idle, recent, coded])
      expect(
        (await h.app.inject({ method: "PATCH", url: "/api/me", payload: { preferredLevel: 1 }, headers: as(id) }))
          .statusCode,
      ).toBe(200);
    await h.app.inject({
      method: "POST",
      url: "/api/review/events",
      headers: as(learned),
      payload: { events: [{ id: "a", wordId: 1001, at: new Date().toISOString(), game: "review", outcome: "right" }] },
    });
    await h.app.inject({ method: "POST", url: "/api/me/recovery-code", headers: as(coded) });
    for (const id of [idle, learned, coded]) await age(id, 91);
    await age(recent, 89);
    expect(await removeIdleLearners(h.database, 90)).toBe(1);
    expect(await exists(idle)).toBe(false);
    for (const id of [recent, learned, coded]) expect(await exists(id)).toBe(true);
    // The removed device is simply new when it comes back.
    expect((await h.app.inject({ url: "/api/me", headers: as(idle) })).json().plan).toBe("free");
  });
});
