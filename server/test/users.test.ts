import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as t from "../src/db/schema.ts";
import { platformOf } from "../src/learners.ts";
import { BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

describe.each(BACKENDS)("devices on first sight on %s", (backend) => {
  let h: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    [h, other] = await Promise.all([startApp(backend), startApp(backend)]);
  });
  afterAll(async () => Promise.all([h?.close(), other?.close()]));

  const exists = async (app: TestApp, id: string) =>
    (await app.database.db.select().from(t.devices).where(eq(t.devices.id, id))).length === 1;

  it("makes a device its own learner on first sight and remembers it: no second write for an hour", async () => {
    const device = newUser();
    const caller = { deviceId: device, learnerId: device, userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/130.0" };
    await h.app.learners.ensure(caller);
    const [row] = await h.database.db.select().from(t.devices).where(eq(t.devices.id, device));
    expect(row).toMatchObject({ learnerId: device, platform: "Android · Chrome" });
    // Remove the row behind the cache's back: a remembered device is not written again.
    await h.database.db.delete(t.devices).where(eq(t.devices.id, device));
    await h.app.learners.ensure(caller);
    expect(await exists(h, device)).toBe(false);
    // Another app (process) remembers apart.
    await other.app.learners.ensure(caller);
    expect(await exists(other, device)).toBe(true);
  });

  it("names platforms without the id", () => {
    expect(platformOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1")).toBe(
      "iPhone · Safari",
    );
    expect(platformOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/130.0")).toBe("Windows · Firefox");
    expect(platformOf("Mozilla/5.0 (Linux; Android 14; wv) Chrome/130.0")).toBe("Android · app");
    expect(platformOf(undefined)).toBe("web");
  });
});
