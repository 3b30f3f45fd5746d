// What the benchmarks share: a throwaway PostgreSQL database per run, and a process's memory from /proc.
import { readFileSync } from "node:fs";
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
