// API benchmark (issue 16): every route of the web client's real loads, each against the same bytes served from
// memory through the same plugins in the same server (status, type and body of one real answer), on PGlite and on
// PostgreSQL, 50 connections over loopback, the browser's accept-encoding. Routes: the session load of each game
// (a new seed each request, as the web client draws one per session), /me/modules, /me/entitlements, the review
// queue, and the two durable writes (a new session id each, 50 learners). Prints per route the rate, its ratio to
// memory, p99, the server's CPU time per request (real and memory: it holds on a shared machine, where rates vary),
// the answer's size uncompressed and as sent, and the server's peak resident memory (VmHWM).
//
//   npm run bench [-- --seconds 10 --connections 50 --content-scale 1 --soak 0 --backends pglite,postgres --full]
//
// --content-scale N serves the real content N times over (renumbered copies, support.ts); --soak S then loads
// the heaviest session load for S more seconds and prints the resident memory every 15 s (growth = a leak).
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { MODULE_GAMES } from "@ivrit/core/games";
import { sessionFields, sessionQuery } from "@ivrit/core/games/session";
import autocannon from "autocannon";
import { benchContent, freshPg, procCpuMs, procMb, spawnServer } from "./support.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    "content-scale": { type: "string", default: "1" },
    soak: { type: "string", default: "0" },
    backends: { type: "string", default: "pglite,postgres" },
    only: { type: "string", default: "" },
    /** --full: the session loads as before issue 16 (every language, every alias), for the before/after figures. */
    full: { type: "boolean", default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const scale = Number(values["content-scale"]);
const soakSeconds = Number(values.soak);
const lean = !values.full;
const user = randomUUID();
const writers = Array.from({ length: connections }, () => randomUUID());
const ACCEPT = "gzip, deflate, br";

// The largest themed module of the real content: the module games' load.
const modulesDir = join(import.meta.dirname, "..", "content", "modules");
const moduleId = readdirSync(modulesDir)
  .map((f) => JSON.parse(readFileSync(join(modulesDir, f), "utf8")) as { id: number; words: unknown[] })
  .filter((m) => m.id !== 93)
  .sort((a, b) => b.words.length - a.words.length || a.id - b.id)[0]?.id as number;

type Route = {
  name: string;
  method: "GET" | "POST";
  /** The request for the n-th call (n = 0 is the sample the memory route answers with). */
  path: (n: number) => string;
  body?: (n: number) => string;
  /** Writes come from many learners: the n-th call's identity. */
  writer?: boolean;
};
const qs = (q: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(q)
      .filter((e) => e[1] !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
const all: Route[] = [
  ...MODULE_GAMES.map(
    (game): Route => ({
      name: `GET /words: ${game} session`,
      method: "GET",
      path: (n) =>
        `/api/words?${qs({
          ...sessionQuery(game, { language: "en", moduleId, tier: 3 }, { seed: n + 1 }),
          ...(lean && sessionFields(game)),
        })}`,
    }),
  ),
  { name: "GET /me/modules", method: "GET", path: () => "/api/me/modules?language=en&all=1" },
  { name: "GET /me/entitlements", method: "GET", path: () => "/api/me/entitlements" },
  { name: "GET /review/queue", method: "GET", path: () => "/api/review/queue" },
  {
    name: "POST /game/play (durable)",
    method: "POST",
    writer: true,
    path: () => "/api/game/play",
    body: (n) =>
      JSON.stringify({
        gameName: "translation_match",
        language: "en",
        moduleId,
        sessionId: `bench-${n}-${randomUUID()}`,
      }),
  },
  {
    name: "POST /progress/words (durable)",
    method: "POST",
    writer: true,
    path: () => "/api/progress/words",
    body: (n) =>
      JSON.stringify({
        updates: [1, 2, 3, 4, 5].map((i) => ({ wordId: moduleId * 1000 + ((n + i) % 20) + 1, delta: 1 })),
      }),
  },
];
const routes = all.filter((r) => !values.only || r.name.includes(values.only));

/**
 * bench/server.ts bundled as `npm start`'s server is (esbuild, npm packages external), into server/dist-bench so
 * that the server's paths resolve as from server/dist: the memory figures are the production process's, not a
 * TypeScript loader's (tsx alone adds about 100 MB).
 */
async function bundleServer(): Promise<string> {
  const { build } = await import("esbuild");
  const { externalPackages } = (await import(
    join(import.meta.dirname, "..", "server", "scripts", "external-packages.mjs")
  )) as {
    externalPackages: import("esbuild").Plugin;
  };
  const outdir = join(import.meta.dirname, "..", "server", "dist-bench");
  await build({
    entryPoints: {
      "bench-server": join(import.meta.dirname, "server.ts"),
      // boot() loads content into an embedded database with it, in a child process (server/src/paths.ts)
      "load-content": join(import.meta.dirname, "..", "server", "src", "content", "load-child.ts"),
    },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    logLevel: "warning",
    plugins: [externalPackages],
  });
  return join(outdir, "bench-server.js");
}
const serverBundle = await bundleServer();

async function startServer(env: Record<string, string>, port: number) {
  return spawnServer<{ bootMs: number; words: number; modules: number; rssMb: number }>(["--expose-gc", serverBundle], {
    ...env,
    PORT: String(port),
    BENCH_USER: user,
    BENCH_ROUTES: JSON.stringify(routes.map((r) => ({ method: r.method, path: r.path(0), body: r.body?.(0) }))),
  });
}

/** The bytes a path answers on the wire, with and without accept-encoding. */
function wireBytes(port: number, path: string, method: string, body: string | undefined, encoding: string | null) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        headers: {
          "x-anonymous-id": user,
          ...(encoding && { "accept-encoding": encoding }),
          ...(body && { "content-type": "application/json" }),
        },
      },
      (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => {
          bytes += c.length;
        });
        res.on("end", () => resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "none") }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** `soak`: timeouts (an answer later than autocannon's 10 s) are counted and returned, not thrown. */
async function load(base: string, route: Route, memoryPath: string | null, duration = seconds, pid = 0, soak = false) {
  let n = 1;
  const cpu0 = pid ? procCpuMs(pid) : 0;
  const r = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: route.method,
        setupRequest: (req: autocannon.Request) => {
          const i = n++;
          const who = route.writer ? (writers[i % writers.length] as string) : user;
          return {
            ...req,
            path: memoryPath ?? route.path(i),
            headers: {
              ...req.headers,
              "x-anonymous-id": who,
              "accept-encoding": ACCEPT,
              ...(route.body && { "content-type": "application/json" }),
            },
            ...(route.body && { body: route.body(i) }),
          };
        },
      },
    ],
  });
  if (r.non2xx || (r.errors && !soak)) throw new Error(`${route.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  // The server's CPU time per request, in µs (0 when no pid was given).
  const cpuUs = pid ? ((procCpuMs(pid) - cpu0) * 1000) / Math.max(1, r.requests.total) : 0;
  return { rps: r.requests.average, p99: r.latency.p99, cpuUs, timeouts: r.timeouts };
}

const content = scale > 1 ? benchContent(scale) : null;
type Row = Record<string, string | number>;
const rows: Row[] = [];
const summary: string[] = [];
for (const backend of values.backends.split(",") as ("pglite" | "postgres")[]) {
  const dataDir = mkdtempSync(join(tmpdir(), "ivrit-bench-"));
  const db = backend === "postgres" ? await freshPg("ivrit_bench") : null;
  if (backend === "postgres" && !db) continue;
  const port = 3400 + rows.length;
  const { child, ready } = await startServer(
    { ...(db ? { DATABASE_URL: db.url } : { DATA_DIR: dataDir }), ...(content && { CONTENT_DIR: content }) },
    port,
  );
  const pid = child.pid ?? 0;
  try {
    const base = `http://127.0.0.1:${port}`;
    summary.push(
      `${backend}: content ${ready.words} words in ${ready.modules} modules, first start ${ready.bootMs} ms (initdb, migrations, content load), ${ready.rssMb} MB resident after start`,
    );
    let heaviest: { route: Route; bytes: number } | null = null;
    for (const [k, route] of routes.entries()) {
      const memory = `/api/bench/memory/${k}`;
      const raw = await wireBytes(port, memory, route.method, route.body?.(0), null);
      const sent = await wireBytes(port, memory, route.method, route.body?.(0), ACCEPT);
      if (route.method === "GET" && (!heaviest || raw.bytes > heaviest.bytes)) heaviest = { route, bytes: raw.bytes };
      await load(base, route, null, 2); // warm-up
      const real = await load(base, route, null, seconds, pid);
      const mem = await load(base, route, memory, seconds, pid);
      rows.push({
        backend,
        route: route.name,
        rps: Math.round(real.rps),
        "memory rps": Math.round(mem.rps),
        ratio: Number((real.rps / mem.rps).toFixed(2)),
        p99: real.p99,
        "cpu µs/req": Math.round(real.cpuUs),
        "memory cpu µs/req": Math.round(mem.cpuUs),
        "kB raw": Number((raw.bytes / 1024).toFixed(1)),
        "kB sent": Number((sent.bytes / 1024).toFixed(1)),
        enc: sent.encoding,
        "peak MB": procMb(pid, "VmHWM"),
      });
    }
    if (soakSeconds > 0 && heaviest) {
      const rss: number[] = [];
      const p99: number[] = [];
      let timeouts = 0;
      for (let t = 0; t < soakSeconds; t += 15) {
        const r = await load(base, heaviest.route, null, Math.min(15, soakSeconds - t), 0, true);
        rss.push(procMb(pid, "VmRSS"));
        p99.push(r.p99);
        timeouts += r.timeouts;
      }
      summary.push(
        `${backend}: soak ${soakSeconds} s of "${heaviest.route.name}": resident MB every 15 s ${rss.join(", ")}; growth ${(rss.at(-1) ?? 0) - (rss[0] ?? 0)} MB; peak ${procMb(pid, "VmHWM")} MB (goal <= 400); p99 ms every 15 s ${p99.join(", ")}; ${timeouts} answers later than 10 s`,
      );
    }
    const where = await (
      await fetch(`${base}/api/bench/process-memory`, { headers: { "x-anonymous-id": user } })
    ).json();
    summary.push(
      `${backend}: peak resident memory over the whole run ${procMb(pid, "VmHWM")} MB (goal <= 400); at the end (MB): ${JSON.stringify(where)}`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (content) rmSync(content, { recursive: true, force: true });
console.log(
  `\n${connections} connections, ${seconds} s each, loopback, one server process, content x${scale}, module ${moduleId}`,
);
console.table(rows);
for (const line of summary) console.log(line);
