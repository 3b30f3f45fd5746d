// Answers go out compressed to clients that accept it: static files from the build's .br/.gz copies, JSON above
// 1 kB on the fly; hashed assets are immutable, the page and the service worker are checked every time. The same
// is checked on the real build in e2e/tests/compression.spec.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type TestApp } from "./helpers.ts";

describe("compression and caching", () => {
  const dist = mkdtempSync(join(tmpdir(), "ivrit-dist-"));
  const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
  let h: TestApp;
  beforeAll(async () => {
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>ivrit</title>");
    writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
    const name = "assets/app-1.js";
    writeFileSync(join(dist, name), script);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(script));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(script));
    h = await startApp("pglite", { WEB_DIST: dist });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("sends the build's brotli copy, else the gzip one, else the file; always with vary", async () => {
    const br = await h.app.inject({ url: "/assets/app-1.js", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    // The build's copy itself, not one made again per request.
    expect(br.rawPayload.equals(readFileSync(join(dist, "assets/app-1.js.br")))).toBe(true);
    const gz = await h.app.inject({ url: "/assets/app-1.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await h.app.inject({ url: "/assets/app-1.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("marks hashed assets immutable and the page and service worker no-cache", async () => {
    expect((await h.app.inject({ url: "/assets/app-1.js" })).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    for (const url of ["/", "/index.html", "/sw.js", "/library"])
      expect((await h.app.inject({ url })).headers["cache-control"], url).toBe("no-cache");
  });

  it("compresses JSON answers above 1 kB for clients that accept it, and only those", async () => {
    const url = "/api/words?moduleId=1&language=en&limit=50";
    const br = await h.app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    const words = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(words.items.length).toBeGreaterThan(0);
    const gz = await h.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(words);
    const plain = await h.app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(words);
    // A small answer is not worth it.
    const small = await h.app.inject({ url: "/api/health/live", headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("answers robots.txt as text when the build has one, never with the page", async () => {
    writeFileSync(join(dist, "robots.txt"), "User-agent: *\nDisallow: /api/\n");
    const res = await h.app.inject({ url: "/robots.txt" });
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toContain("Disallow: /api/");
  });
});
