// The server serves the built SPA: its files, index.html for every app route, JSON 404s under /api.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type TestApp } from "./helpers.ts";

describe("serving the web app", () => {
  const dist = mkdtempSync(join(tmpdir(), "ivrit-dist-"));
  let h: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>ivrit</title>");
    writeFileSync(join(dist, "assets", "app-1.js"), "console.log(1)");
    h = await startApp("pglite", { WEB_DIST: dist });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(["/", "/home", "/game/3/translation-match", "/no/such/page"])("answers %s with the SPA", async (url) => {
    const res = await h.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("<title>ivrit</title>");
  });
  it("serves hashed assets as immutable, including files built after the server started", async () => {
    const res = await h.app.inject({ url: "/assets/app-1.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
    writeFileSync(join(dist, "assets", "app-2.js"), "console.log(2)");
    expect((await h.app.inject({ url: "/assets/app-2.js" })).body).toBe("console.log(2)");
  });
  it("keeps /api 404s as JSON and refuses other methods", async () => {
    const api = await h.app.inject({ url: "/api/nothing" });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe("not_found");
    expect((await h.app.inject({ method: "POST", url: "/home" })).statusCode).toBe(404);
  });
});
