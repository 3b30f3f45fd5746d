// The server as `npm start` runs it, plus /api/bench/memory: the same bytes as a /words answer, served from
// memory through the same plugins (helmet, cors, rate limit, identity). Started by api.ts.
import { buildApp } from "@ivrit/server/app";
import { boot } from "@ivrit/server/boot";
import { parseEnv } from "@ivrit/server/env";

const env = parseEnv();
const { database, cache, plans } = await boot({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  contentDir: env.CONTENT_DIR,
});
// The largest themed module (the beginner module if there is no other).
const mod = [...cache.current.modules].sort(
  (a, b) => Number(a.isBeginner) - Number(b.isBeginner) || b.wordCount - a.wordCount,
)[0];
const wordsUrl = `/api/words?moduleId=${mod?.id ?? 93}&limit=50&language=en`;
let bytes = "";
const app = await buildApp({
  deps: { database, cache, plans },
  env,
  extraRoutes: (api) => {
    api.get("/bench/memory", async (_req, reply) => reply.type("application/json; charset=utf-8").send(bytes));
  },
});
await app.ready();
const user = process.env.BENCH_USER;
const sample = await app.inject({ url: wordsUrl, headers: user ? { "x-anonymous-id": user } : {} });
if (sample.statusCode !== 200) throw new Error(`${wordsUrl}: ${sample.statusCode} ${sample.body}`);
bytes = sample.body;
await app.listen({ port: env.PORT, host: "127.0.0.1" });
console.log(
  JSON.stringify({
    ready: true,
    wordsUrl,
    module: mod?.id,
    words: mod?.wordCount,
    bytes: Buffer.byteLength(bytes),
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
