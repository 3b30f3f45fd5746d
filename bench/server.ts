// The server as `npm start` runs it, plus /api/bench/memory/<k>: the same bytes (status, type, body) as the k-th
// route of BENCH_ROUTES answered once at start, served from memory through the same plugins (helmet, cors, rate
// limit, identity, compression). Started by api.ts.
import { buildApp } from "@ivrit/server/app";
import { boot } from "@ivrit/server/boot";
import { parseEnv } from "@ivrit/server/env";

type Route = { method: "GET" | "POST"; path: string; body?: string };

const env = parseEnv();
const started = performance.now();
const { database, cache, plans } = await boot({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  contentDir: env.CONTENT_DIR,
});
const bootMs = Math.round(performance.now() - started);
const user = process.env.BENCH_USER as string;
// The heaviest real loads are a pro learner's: every tier unlocked, sentences and tables included.
await plans.grant(user, "pro", null);
const routes = JSON.parse(process.env.BENCH_ROUTES ?? "[]") as Route[];
const samples: { status: number; type: string; body: string }[] = [];
const app = await buildApp({
  deps: { database, cache, plans },
  env,
  extraRoutes: (api) => {
    const memory = async (req: { params: unknown }, reply: import("fastify").FastifyReply) => {
      const s = samples[Number((req.params as { k: string }).k)];
      if (!s) return reply.code(404).send();
      return reply.code(s.status).type(s.type).send(s.body);
    };
    api.get("/bench/memory/:k", memory);
    // Where the resident memory is (MB), after a full garbage collection: V8's heap, memory outside it (PGlite's WASM
    // heap, buffers), RSS.
    api.get("/bench/process-memory", async () => {
      // With --expose-gc (the bench starts the server so): after a full collection, what is really held.
      (globalThis as { gc?: () => void }).gc?.();
      const m = process.memoryUsage();
      const mb = (n: number) => Math.round(n / 1e6);
      return { rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external) };
    });
    api.post("/bench/memory/:k", memory);
  },
});
await app.ready();
for (const r of routes) {
  const res = await app.inject({
    method: r.method,
    url: r.path,
    headers: { "x-anonymous-id": user, ...(r.body && { "content-type": "application/json" }) },
    ...(r.body && { payload: r.body }),
  });
  if (res.statusCode >= 400) throw new Error(`${r.method} ${r.path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  samples.push({ status: res.statusCode, type: String(res.headers["content-type"]), body: res.body });
}
await app.listen({ port: env.PORT, host: "127.0.0.1" });
process.once("SIGTERM", () => process.exit(0)); // an orderly exit writes --cpu-prof's profile
console.log(
  JSON.stringify({
    ready: true,
    bootMs,
    words: cache.current.words.length,
    modules: cache.current.modules.length,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
