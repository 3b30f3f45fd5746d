// restartTuned() (decision 0065): the process replaces itself once, in place, with the memory settings.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_DIR } from "./helpers.ts";

const probe = (dir: string) => {
  const script = join(dir, "probe.ts");
  writeFileSync(
    script,
    `import { restartTuned } from ${JSON.stringify(join(SERVER_DIR, "src", "tuned-process.ts"))};
console.log(JSON.stringify({ phase: "before", pid: process.pid }));
restartTuned();
console.log(JSON.stringify({ phase: "after", pid: process.pid, argv: process.argv.slice(2), execArgv: process.execArgv,
  mmap: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, arenas: process.env.MALLOC_ARENA_MAX ?? null }));
`,
  );
  return script;
};

const run = (flags: string[], env: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), "ivrit-tuned-"));
  const r = spawnSync(process.execPath, ["--import", "tsx", ...flags, probe(dir), "--flag", "x"], {
    env: { ...process.env, IVRIT_TUNED_PROCESS: "", ...env },
    encoding: "utf8",
  });
  rmSync(dir, { recursive: true, force: true });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
};

describe("restartTuned", () => {
  it("restarts once in the same process with the V8 flag and the malloc setting, keeping flags and arguments", () => {
    const lines = run(["--enable-source-maps"], { MALLOC_MMAP_THRESHOLD_: "", MALLOC_ARENA_MAX: "" });
    // Printed before the restart, then only once after it: the replaced process does not restart again.
    expect(lines.map((l) => l.phase)).toEqual(["before", "before", "after"]);
    const [first, second, after] = lines;
    expect(second?.pid).toBe(first?.pid);
    expect(after?.pid).toBe(first?.pid);
    expect(after?.argv).toEqual(["--flag", "x"]);
    expect(after?.execArgv).toEqual(["--max-semi-space-size=8", "--import", "tsx", "--enable-source-maps"]);
    expect(after?.mmap).toBe("131072");
    expect(after?.arenas).toBe("1");
  });

  it("leaves a malloc setting already in the environment as it is", () => {
    const lines = run([], { MALLOC_MMAP_THRESHOLD_: "262144", MALLOC_ARENA_MAX: "" });
    expect(lines.at(-1)?.mmap).toBe("262144");
    expect(lines.at(-1)?.arenas).toBe("1");
  });
});
