// `npm start` and `npm test` on a machine whose Node is older than 22 (issue 25.6): their scripts go through
// node22.mjs, which goes on under Node 22 from the npm registry and says so in one line. Run with the system's Node
// (Debian 12: /usr/bin/node, 20) first on PATH, as `npm start` runs it there; skipped where that Node is 22 or newer.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const SYSTEM_NODE = "/usr/bin/node";
const systemMajor = existsSync(SYSTEM_NODE)
  ? Number(spawnSync(SYSTEM_NODE, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" }).stdout)
  : 0;

describe("npm start and npm test", () => {
  it("run through node22.mjs", () => {
    const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    expect(scripts.start).toBe("node scripts/node22.mjs start:node22");
    expect(scripts.test).toBe("node scripts/node22.mjs test:node22");
    expect(scripts.prestart).toBeUndefined(); // a pre-script would run under the old Node first
    expect(scripts.pretest).toBeUndefined();
  });

  it.skipIf(!systemMajor || systemMajor >= 22)(
    "go on under Node 22 on an older Node, saying so in one line",
    () => {
      const env = { ...process.env, PATH: `/usr/bin${delimiter}${process.env.PATH}` };
      delete env.npm_config_nodedir;
      const r = spawnSync(SYSTEM_NODE, ["scripts/node22.mjs", "node:version"], { cwd: root, env, encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.split("\n").filter((l) => l && !l.startsWith(">"));
      expect(lines).toEqual([
        expect.stringMatching(
          /^Node\.js 2\d\.[\d.]+ is older than 22: (installing|using) Node\.js 22\.[\d.]+ from the npm registry/,
        ),
        expect.stringMatching(/^v22\./),
      ]);
    },
    300_000,
  );
});
