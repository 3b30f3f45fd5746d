// The Fastify app: external plugins, then the app's own (errors, identity), then the routes (fastify/demo order).
import { existsSync } from "node:fs";
import { join } from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import cors from "@fastify/cors";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { Redis } from "ioredis";
import { databaseUnavailable, storageFault } from "./db/faults.ts";
import { type Env, RATE_LIMIT_ADDRESS_MAX } from "./env.ts";
import { type Deps, declareErrorResponses, HttpError, identify, sendError } from "./http.ts";
import { Learners } from "./learners.ts";
import { Metrics, registerMetrics } from "./metrics.ts";
import { CONTENT_DIR, WEB_DIST_DIR } from "./paths.ts";
import { decodedPath, isApiRequest, registerRateLimits } from "./ratelimit.ts";
import { ReminderSender, vapidKeys } from "./reminders.ts";
import { newRequestId, RequestLog, registerRequestId } from "./request-log.ts";
import { QueueReader } from "./review/queue.ts";
import { contentRoutes } from "./routes/content.ts";
import { learnerRoutes } from "./routes/learners.ts";
import { meRoutes } from "./routes/me.ts";
import { recordRoutes } from "./routes/records.ts";
import { reminderRoutes } from "./routes/reminders.ts";
import { reviewRoutes } from "./routes/review.ts";
import { webhookRoutes } from "./routes/webhooks.ts";

/** Methods that may write: their answer waits for the database's flush. */
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type AppOptions = {
  deps: Deps;
  env: Pick<Env, "RATE_LIMIT_MAX" | "RATE_LIMIT_WINDOW_MS" | "BODY_LIMIT"> &
    Partial<
      Pick<
        Env,
        | "REDIS_URL"
        | "WEB_DIST"
        | "CONTENT_DIR"
        | "REVENUECAT_WEBHOOK_SECRET"
        | "RATE_LIMIT_ADDRESS_MAX"
        | "TRUST_PROXY"
        | "METRICS_TOKEN"
        | "VAPID_PUBLIC_KEY"
        | "VAPID_PRIVATE_KEY"
        | "VAPID_SUBJECT"
      >
    >;
  logger?: FastifyServerOptions["logger"];
  /** Extra routes registered with the same plugins (the benchmark's in-memory route). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
};

/** A validation error as one message naming the field: "querystring.limit: must be a whole number >= 0". */
function validationMessage(err: {
  validation: { instancePath: string; message?: string }[];
  validationContext?: string;
}) {
  const first = err.validation[0];
  if (!first) return "invalid input";
  if (first.message === "Invalid moduleId") return "Invalid moduleId";
  const path = first.instancePath.replace(/^\//, "").replaceAll("/", ".");
  return `${[err.validationContext, path].filter(Boolean).join(".")}: ${first.message ?? "invalid"}`;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: env.BODY_LIMIT,
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY: anyone can send the header.
    trustProxy: env.TRUST_PROXY ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // Registering the plugins (swagger-ui reads its files) took over Fastify's default 10 s on a loaded 2-core
    // machine running the test suite: a start that is slow is not a start that failed.
    pluginTimeout: 60_000,
    // One line per request, once it is answered (Fastify's own are two, at info): request-log.ts.
    logController: new RequestLog(),
    genReqId: newRequestId,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", opts.deps);
  app.decorateRequest("userId", null);
  app.decorateRequest("deviceId", null);
  const learners = await new Learners(opts.deps.database).start();
  app.decorate("learners", learners);
  app.addHook("onClose", async () => learners.stop());
  registerRequestId(app);
  const metrics = new Metrics();
  metrics.setPool(() => opts.deps.database.poolUse());
  registerMetrics(app, metrics, env.METRICS_TOKEN);

  // ---------- external plugins ----------
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // Mantine writes its CSS variables in a <style> element
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        mediaSrc: ["'self'", "blob:", "data:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // helmet's middleware made once: @fastify/helmet made a new one, parsing these directives, for every request
  // (its share of the server's CPU is in decision 0061).
  app.addHook("onRequest", (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  // Native builds (capacitor://localhost, https://localhost) call the API cross-origin.
  await app.register(cors, {
    origin: [/^capacitor:\/\/localhost$/, /^https?:\/\/localhost(:\d+)?$/],
    allowedHeaders: ["content-type", "x-anonymous-id", "x-user-id"],
    methods: ["GET", "POST", "PATCH", "DELETE", "OPTIONS"],
  });
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        connectTimeout: 1000,
        commandTimeout: 500, // a Redis that hangs is a Redis that is down: the limiter counts locally meanwhile
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  // quit() fails while Redis is down; disconnect() also stops the reconnection attempts.
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
  registerRateLimits(
    app,
    {
      addressMax: env.RATE_LIMIT_ADDRESS_MAX ?? RATE_LIMIT_ADDRESS_MAX,
      deviceMax: env.RATE_LIMIT_MAX,
      windowMs: env.RATE_LIMIT_WINDOW_MS,
    },
    redis,
  );
  await app.register(swagger, {
    openapi: {
      info: { title: "Hebrew vocabulary API", version: "1.0.0" },
      components: {
        securitySchemes: { anonymousId: { type: "apiKey", in: "header", name: "X-Anonymous-Id" } },
      },
      security: [{ anonymousId: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  // ---------- the app's own: errors and identity ----------
  app.setErrorHandler((err, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const message = validationMessage(err);
      return sendError(reply, 400, message === "Invalid moduleId" ? "invalid_module_id" : "invalid_input", message);
    }
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return sendError(reply, err.statusCode, err.code, err.message);
    }
    const e = err as { statusCode?: number; message?: string };
    const status = e.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 413 ? "payload_too_large" : status === 415 ? "unsupported_media_type" : "bad_request";
      return sendError(reply, status, code, e.message ?? "bad request");
    }
    // The database is down (it comes back by itself: the pool reconnects): 503 and when to try again.
    const unavailable = databaseUnavailable(err);
    if (unavailable) {
      req.log.warn({ reason: unavailable }, `request failed: ${unavailable}`);
      reply.header("retry-after", "5");
      return sendError(reply, 503, "database_unavailable", "The database is unreachable: try again in a few seconds");
    }
    // A storage fault is named in the log line (what the operator must fix), not only in the stack.
    const fault = storageFault(err);
    req.log.error({ err, ...(fault && { reason: fault }) }, fault ? `request failed: ${fault}` : "request failed");
    return sendError(reply, 500, "internal", "Internal server error");
  });
  // The device names itself; the learner it belongs to is what the routes read and write (decision 0086).
  app.addHook("onRequest", async (req) => {
    if (!isApiRequest(req)) return;
    req.deviceId = identify(req);
    if (req.deviceId) req.userId = await learners.resolve(req.deviceId);
  });
  // A write is acknowledged only once it is durable. Reads and CORS preflights write nothing: no flush.
  app.addHook("onSend", async (req, reply, payload) => {
    if (WRITES.has(req.method) && reply.statusCode < 400 && isApiRequest(req)) await opts.deps.database.flush();
    return payload;
  });

  // JSON answers above 1 kB go out compressed (brotli at a cheap level, else gzip); static files carry their own
  // build-time copies and are left alone (they already have a content-encoding).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    // A 256 kB window (lgwin 18) instead of brotli's 4 MB default: answers are at most a few hundred kB, and each
    // response being compressed holds its window and hash tables (50 at once held hundreds of MB).
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    },
    zlibOptions: { level: 6 },
    // Every answer is compressed in one synchronous call, not through a stream on libuv's thread pool: one
    // encoder exists at a time, its memory comes back at once, and the pool's threads grow no malloc arenas
    // (the peak memory it saves, and the longer queue at saturation it costs: decision 0054).
    syncThreshold: 4 * 1024 * 1024,
  });

  // ---------- reminders: the review plugin hands its queue reader to the sender ----------
  const queue = new QueueReader();
  const vapid = await vapidKeys(opts.deps.database.db, {
    VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: env.VAPID_SUBJECT ?? "mailto:reminders@localhost",
  });
  const reminders = new ReminderSender(opts.deps.database.db, queue, vapid, app.log);
  app.decorate("reminders", reminders);
  app.addHook("onClose", () => reminders.stop());

  // ---------- routes ----------
  declareErrorResponses(app);
  await app.register(
    async (api) => {
      await api.register(contentRoutes);
      await api.register(meRoutes, { prefix: "/me" });
      await api.register(learnerRoutes, { prefix: "/me" });
      await api.register(recordRoutes);
      await api.register(reviewRoutes, { prefix: "/review", queue });
      await api.register(reminderRoutes, { prefix: "/reminders", publicKey: vapid.publicKey });
      await api.register(webhookRoutes, { secret: env.REVENUECAT_WEBHOOK_SECRET });
      await opts.extraRoutes?.(api);
    },
    { prefix: "/api" },
  );

  // ---------- static files: audio and the SPA ----------
  const contentDir = env.CONTENT_DIR ?? CONTENT_DIR;
  await app.register(fastifyStatic, {
    root: join(contentDir, "audio"),
    prefix: "/audio/",
    decorateReply: false,
    maxAge: "1d",
    // The native app (capacitor://localhost) plays these with <audio>, a cross-origin no-cors load.
    setHeaders: (res) => res.header("cross-origin-resource-policy", "cross-origin"),
  });
  const dist = env.WEB_DIST ?? WEB_DIST_DIR;
  const hasWeb = existsSync(join(dist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: "/",
      wildcard: true, // files are looked up per request: a rebuilt web/dist is served without a restart
      index: "index.html", // "/" is a route of the SPA too
      // The build writes .br and .gz copies (web/build/compress-plugin.ts): sent by accept-encoding, with vary.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed file names never change content; the page and the service worker must be checked every time.
        // A picture (/pictures/<code points>.svg, decision 0104) is named by its emoji's Unicode sequence, whose
        // meaning never changes: cached as long as the hashed files.
        if (path.startsWith(join(dist, "assets")) || path.startsWith(join(dist, "pictures")))
          res.header("cache-control", "public, max-age=31536000, immutable");
        else res.header("cache-control", "no-cache");
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // A missing audio file, script or picture is a 404: answering it with the page's HTML hides the fault (and 200
    // tells caches and the service worker to keep it).
    const file = /^\/(audio|assets|pictures)(\/|$)/.test(decodedPath(req.url));
    if (isApiRequest(req) || file || (req.method !== "GET" && req.method !== "HEAD") || !hasWeb)
      return sendError(reply, 404, "not_found", `${req.method} ${req.url.split("?")[0]} not found`);
    // Any other path is a route of the SPA; it shows its own 404 page.
    return reply.header("cache-control", "no-cache").sendFile("index.html", dist);
  });
  return app;
}
