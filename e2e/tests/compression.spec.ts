// The real build on the real server: every script and style the page loads, the service worker and the JSON
// answers above 1 kB go out compressed to a browser that accepts it; hashed assets are immutable.
import { expect, test } from "@playwright/test";

test("the page's files and JSON answers are compressed, hashed assets immutable", async ({ request }) => {
  const page = await request.get("/", { headers: { "accept-encoding": "br, gzip" } });
  expect(page.headers()["content-encoding"]).toBe("br");
  expect(page.headers()["cache-control"]).toBe("no-cache");
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? "");
  expect(assets.length).toBeGreaterThan(1);
  for (const url of assets) {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const res = await request.get(url, { headers: { "accept-encoding": accept } });
      expect(res.status(), url).toBe(200);
      expect(res.headers()["content-encoding"], `${url} (${accept})`).toBe(encoding);
      expect(res.headers().vary ?? "", url).toMatch(/accept-encoding/i);
      expect(res.headers()["cache-control"], url).toBe("public, max-age=31536000, immutable");
    }
  }
  const sw = await request.get("/sw.js", { headers: { "accept-encoding": "br" } });
  expect(sw.headers()["content-encoding"]).toBe("br");
  expect(sw.headers()["cache-control"]).toBe("no-cache");

  const words = await request.get("/api/words?moduleId=1&language=en&limit=50", {
    headers: { "accept-encoding": "br, gzip" },
  });
  expect(words.status()).toBe(200);
  expect(words.headers()["content-encoding"]).toBe("br");
  expect((await words.json()).items.length).toBeGreaterThan(0);

  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
});
