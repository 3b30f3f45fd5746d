// What the benchmarks share: a throwaway PostgreSQL database per run, and a process's memory from /proc.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_NODE_FLAGS, withMallocEnv } from "@ivrit/server/tuned-process";
import pg from "pg";

export const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A new empty database on PG_URL's server (null, said once, when the server cannot be reached). */
export async function freshPg(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (e) {
    console.log(`PostgreSQL at ${PG_URL} not reachable (${(e as Error).message}): skipped`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A field of /proc/<pid>/status in MB: VmRSS (resident now) or VmHWM (peak resident). */
export function procMb(pid: number, key: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

/**
 * CPU time the process has used so far, in ms (user + system, from /proc/<pid>/stat): per request, a measure that
 * holds on a shared machine, where the rate depends on what else runs.
 */
export function procCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command; clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The real content `scale` times over, in a temporary directory: the real modules plus scale - 1 renumbered copies
 * of its themed modules (module id + 1000 x copy, word ids + 1,000,000 x copy). The server's loader takes them as
 * it takes the real ones; the content checker would refuse their ids, which is why they never leave the bench.
 */
export function benchContent(scale: number): string {
  const real = join(import.meta.dirname, "..", "content");
  const dir = mkdtempSync(join(tmpdir(), "ivrit-bench-content-"));
  for (const f of readdirSync(real)) {
    if (["modules", "src", "node_modules", "package.json", "tsconfig.json"].includes(f)) continue;
    symlinkSync(join(real, f), join(dir, f));
  }
  mkdirSync(join(dir, "modules"));
  for (const f of readdirSync(join(real, "modules"))) copyFileSync(join(real, "modules", f), join(dir, "modules", f));
  for (let c = 1; c < scale; c++) {
    for (const f of readdirSync(join(real, "modules"))) {
      const m = JSON.parse(readFileSync(join(real, "modules", f), "utf8"));
      if (m.id === 93) continue;
      m.id += 1000 * c;
      m.slug = `${m.slug}-copy-${c}`;
      for (const w of m.words) w.id += 1_000_000 * c;
      writeFileSync(join(dir, "modules", `${m.id}-${m.slug}.json`), JSON.stringify(m));
    }
  }
  return dir;
}

/** What every benchmark's server process is started with: quiet logs, rate limits out of the way. */
export const SERVER_ENV = { LOG_LEVEL: "warn", RATE_LIMIT_MAX: "100000000", RATE_LIMIT_ADDRESS_MAX: "100000000" };

/**
 * Starts a benchmark's server process (node with `npm start`'s settings from tuned-process.ts, BENCH_NODE_FLAGS,
 * `args`, SERVER_ENV and `env`) and waits for the JSON line it prints with `"ready":true`, which it answers with.
 * BENCH_NODE_FLAGS: more flags for the server process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
export async function spawnServer<R>(
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; ready: R }> {
  const flags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, ...args], {
    env: withMallocEnv({ ...process.env, ...env, ...SERVER_ENV }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = await new Promise<R>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.includes('"ready":true'));
      if (line) resolve(JSON.parse(line));
    });
    child.once("exit", (code) => reject(new Error(`bench server exited ${code}: ${out.slice(0, 2000)}`)));
  });
  return { child, ready };
}
