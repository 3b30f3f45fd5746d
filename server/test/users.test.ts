// Known users (server/src/users.ts): a request's user row is inserted once per database and process.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../src/db/schema.ts";
import { ensureKnownUser } from "../src/users.ts";
import { BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

describe.each(BACKENDS)("known users on %s", (backend) => {
  let h: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    [h, other] = await Promise.all([startApp(backend), startApp(backend)]);
  });
  afterAll(async () => Promise.all([h?.close(), other?.close()]));

  const exists = async (app: TestApp, id: string) =>
    (await app.database.db.select().from(t.users).where(eq(t.users.id, id))).length === 1;

  it("inserts a user on first sight and remembers it: no second insert for the same database", async () => {
    const user = newUser();
    await ensureKnownUser(h.database.db, user);
    expect(await exists(h, user)).toBe(true);
    // Remove the row behind the cache's back: a remembered user is not inserted again.
    await h.database.db.delete(t.users).where(eq(t.users.id, user));
    await ensureKnownUser(h.database.db, user);
    expect(await exists(h, user)).toBe(false);
    // Another database is remembered apart.
    await ensureKnownUser(other.database.db, user);
    expect(await exists(other, user)).toBe(true);
  });
});
