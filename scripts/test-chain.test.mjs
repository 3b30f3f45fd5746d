// `npm test`'s chain checks the 150 kB first-load budget (bench/bundle.ts) on the build it already makes: the native
// sync check builds web/dist (vite build), and the budget reads that build right after, without building again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const scripts = (dir) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")).scripts;

describe("npm test", () => {
  it("fails over the bundle budget, reading the web build its native check made", () => {
    const chain = scripts(".")["test:node22"].split(" && ");
    const check = chain.indexOf("npm run native:check -w web");
    expect(check).toBeGreaterThanOrEqual(0);
    expect(chain[check + 1]).toBe("npm run bundle -w bench");
    expect(chain.filter((step) => /build -w web|vite build/.test(step))).toEqual([]); // no second build
    expect(scripts("web")["native:sync"]).toMatch(/^vite build && /);
    expect(scripts("bench").bundle).toBe("tsx bundle.ts");
    expect(readFileSync(join(root, "bench", "bundle.ts"), "utf8")).toMatch(/if \(!ok\) process\.exitCode = 1;/);
  });

  it("lints the Mantine stylesheets and the web layers", () => {
    expect(scripts(".").lint).toContain("node scripts/check-mantine-css.mjs");
    expect(scripts(".").lint).toContain("node scripts/check-layers.mjs");
  });
});
