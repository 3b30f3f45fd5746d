// Start-up benchmark: the server as `npm start` runs it (node on the esbuild bundle, server/dist/start.js) against the
// same source run through tsx (how it ran before the build), in one run, alternating. For each: the time from spawn
// to the first 200 of /api/health, on a fresh data directory (migrations + content load) and on a loaded one, and the
// process's resident memory once idle (VmRSS) and at its peak (VmHWM). Usage: npm run start-time -w bench [-- --runs 3]
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { procMb } from "./support.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);
const SERVER = join(import.meta.dirname, "..", "server");
spawnSync(process.execPath, [join(SERVER, "scripts", "build.mjs")], { stdio: "inherit" });

const variants = {
  "node dist/start.js": [join(SERVER, "dist", "start.js")],
  "tsx src/main.ts": ["--import", "tsx", join(SERVER, "src", "main.ts")],
};

async function once(args: string[], dataDir: string, port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 3000));
    const pid = child.pid ?? 0;
    return { ms, rss: procMb(pid, "VmRSS"), hwm: procMb(pid, "VmHWM") };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

type Row = { variant: string; start: string; ms: number; rss: number; hwm: number };
const rows: Row[] = [];
let port = 4390;
for (let i = 0; i < runs; i++) {
  for (const [variant, args] of Object.entries(variants)) {
    const dir = mkdtempSync(join(tmpdir(), "ivrit-bench-start-"));
    try {
      rows.push({ variant, start: "first (fresh data dir)", ...(await once(args, dir, port++)) });
      rows.push({ variant, start: "again (data loaded)", ...(await once(args, dir, port++)) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const table = [];
for (const variant of Object.keys(variants)) {
  for (const start of ["first (fresh data dir)", "again (data loaded)"]) {
    const r = rows.filter((x) => x.variant === variant && x.start === start);
    table.push({
      variant,
      start,
      "to health (ms, median)": Math.round(median(r.map((x) => x.ms))),
      "idle RSS (MB)": median(r.map((x) => x.rss)),
      "peak RSS (MB)": median(r.map((x) => x.hwm)),
    });
  }
}
console.table(table);
const [bundled, tsx] = [table[1], table[3]];
if (bundled && tsx)
  console.log(
    `loaded start: bundle/tsx time ${(bundled["to health (ms, median)"] / tsx["to health (ms, median)"]).toFixed(2)}, idle RSS ${(bundled["idle RSS (MB)"] / tsx["idle RSS (MB)"]).toFixed(2)}`,
  );
