// API benchmark: GET /api/words?moduleId=…&limit=50&language=en against the same bytes from memory through the
// same plugins, on PGlite and on PostgreSQL, 50 connections over loopback. Prints both rates, their ratio, p99
// and the server's peak resident memory. Usage: npm run bench [-- --seconds 10]
// BENCH_NODE_FLAGS="--max-semi-space-size=8" passes V8 flags to the server process (memory experiments).
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freshPg, procMb } from "./support.ts";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, connections: { type: "string", default: "50" } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const user = randomUUID();
const headers = { "x-anonymous-id": user, "x-user-id": user };

async function startServer(env: Record<string, string>, port: number) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
      "--import",
      "tsx",
      join(import.meta.dirname, "server.ts"),
    ],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        LOG_LEVEL: "warn",
        RATE_LIMIT_MAX: "100000000",
        BENCH_USER: user,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const ready = await new Promise<{ wordsUrl: string; module: number; words: number; bytes: number; rssMb: number }>(
    (resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (d) => {
        out += d;
        const line = out.split("\n").find((l) => l.includes('"ready":true'));
        if (line) resolve(JSON.parse(line));
      });
      child.once("exit", (code) => reject(new Error(`bench server exited ${code}: ${out}`)));
    },
  );
  return { child, ready };
}

async function load(url: string) {
  const r = await autocannon({ url, connections, duration: seconds, headers });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, mb: r.throughput.average / 1e6 };
}

type Row = { backend: string; route: string; rps: number; p50: number; p99: number };
const rows: Row[] = [];
const summary: string[] = [];
for (const backend of ["pglite", "postgres"] as const) {
  const dataDir = mkdtempSync(join(tmpdir(), "ivrit-bench-"));
  const db = backend === "postgres" ? await freshPg("ivrit_bench") : null;
  if (backend === "postgres" && !db) continue;
  const port = 3400 + rows.length;
  const { child, ready } = await startServer(db ? { DATABASE_URL: db.url } : { DATA_DIR: dataDir }, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const words = `${base}${ready.wordsUrl}`;
    const memory = `${base}/api/bench/memory`;
    const [a, b] = await Promise.all([words, memory].map(async (u) => (await fetch(u, { headers })).text()));
    if (a !== b) throw new Error("the memory route does not answer the same bytes as /words");
    await autocannon({ url: words, connections, duration: 2, headers }); // warm-up
    await autocannon({ url: memory, connections, duration: 2, headers });
    const w = await load(words);
    const m = await load(memory);
    // Unseeded random order is never served from the answer cache: filtering, shuffling and joining per request.
    const r = await load(`${words}&random=1`);
    rows.push(
      { backend, route: "GET /api/words (database)", ...w },
      { backend, route: "same bytes from memory", ...m },
      { backend, route: "GET /api/words&random=1 (uncached)", ...r },
    );
    const rss = procMb(child.pid ?? 0, "VmHWM");
    summary.push(
      `${backend}: ratio ${(w.rps / m.rps).toFixed(2)} (goal >= 0.5; uncached ${(r.rps / m.rps).toFixed(2)}), words p99 ${w.p99} ms (goal < 50), peak RSS ${rss} MB (goal < 400; ${ready.rssMb} MB idle after start); module ${ready.module} (${ready.words} words, ${ready.bytes} bytes an answer)`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`\n${connections} connections, ${seconds} s each, loopback, one server process`);
console.table(rows.map((r) => ({ ...r, rps: Math.round(r.rps) })));
for (const line of summary) console.log(line);
