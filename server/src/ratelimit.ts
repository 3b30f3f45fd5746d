// Rate limits on /api: one per client address and one per device, both counted on every request (decision 0007).
// Counts are shared through Redis when it is configured; while it is unreachable each process counts alone.
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { HttpError } from "./http.ts";

type RateLimits = {
  /** Requests per window from one client address (an IPv6 address counts by its /64). */
  addressMax: number;
  /** Requests per window from one device (its X-Anonymous-Id / X-User-Id). */
  deviceMax: number;
  windowMs: number;
};
type Hit = { count: number; ttlMs: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The path as the router sees it (percent-decoded), without the query: `/%61pi/words` is `/api/words`. */
export function decodedPath(url: string): string {
  const at = url.indexOf("?");
  const path = at < 0 ? url : url.slice(0, at);
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // malformed escapes: the router answers 400 or 404 itself
  }
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/** Whether a request is for the API: by its decoded path, or by the route the router matched. */
export const isApiRequest = (req: FastifyRequest) =>
  isApiPath(decodedPath(req.url)) || isApiPath(req.routeOptions.url ?? "");

/** The device id a request names, in one spelling (lower case); none when the header is not a UUID. */
function deviceOf(req: FastifyRequest): string | null {
  const v = req.headers["x-anonymous-id"] ?? req.headers["x-user-id"];
  if (typeof v !== "string") return null;
  const id = v.trim().toLowerCase();
  return UUID.test(id) ? id : null; // an invalid id is refused (400) by identify(), still counted by address
}

/** Fixed-window counters in this process: the limiter when there is no Redis, and while Redis is down. */
class LocalCounts {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;
  private readonly windowMs: number;
  private readonly maxKeys: number;

  constructor(windowMs: number, maxKeys = 200_000) {
    this.windowMs = windowMs;
    this.maxKeys = maxKeys;
  }

  hit(keys: string[], now = Date.now()): Hit[] {
    if (now >= this.nextSweep || this.counts.size >= this.maxKeys) this.sweep(now);
    return keys.map((key) => {
      let c = this.counts.get(key);
      if (!c || c.resetAt <= now) {
        this.counts.delete(key); // re-inserted last: the map stays ordered by window start
        c = { count: 0, resetAt: now + this.windowMs };
        this.counts.set(key, c);
      }
      c.count++;
      return { count: c.count, ttlMs: c.resetAt - now };
    });
  }

  private sweep(now: number) {
    for (const [key, c] of this.counts) if (c.resetAt <= now) this.counts.delete(key);
    // Still full (a flood of distinct keys): forget the oldest windows rather than grow without bound.
    for (const key of this.counts.keys()) {
      if (this.counts.size < this.maxKeys * 0.9) break;
      this.counts.delete(key);
    }
    this.nextSweep = now + this.windowMs;
  }
}

// Every key of one request in one round trip: INCR, and the window starts with the first hit.
const HIT_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if n == 1 or ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  out[#out + 1] = n
  out[#out + 1] = ttl
end
return out`;

type RedisWithHit = Redis & { ivritRateHit(n: number, ...args: (string | number)[]): Promise<number[]> };

/** Counts in Redis, or in this process while Redis cannot answer; says so once per outage in the app's log. */
class Counts {
  private readonly local: LocalCounts;
  private redisDown = false;
  private readonly windowMs: number;
  private readonly log: FastifyBaseLogger;
  private readonly redis: Redis | undefined;

  constructor(windowMs: number, log: FastifyBaseLogger, redis?: Redis) {
    this.windowMs = windowMs;
    this.log = log;
    this.redis = redis;
    this.local = new LocalCounts(windowMs);
    if (redis) {
      redis.defineCommand("ivritRateHit", { lua: HIT_SCRIPT });
      // Listening also keeps ioredis from printing its own "Unhandled error event" lines on every retry.
      redis.on("error", (err: Error) => this.down(err));
      redis.on("ready", () => this.up());
    }
  }

  private down(err: Error) {
    if (this.redisDown) return;
    this.redisDown = true;
    this.log.warn({ err: err.message }, "rate limiter: Redis is unreachable, counting per process until it is back");
  }

  private up() {
    if (!this.redisDown) return;
    this.redisDown = false;
    this.log.info("rate limiter: Redis is reachable again, counts are shared again");
  }

  async hit(keys: string[]): Promise<Hit[]> {
    const redis = this.redis as RedisWithHit | undefined;
    if (redis && redis.status === "ready") {
      try {
        const r = await redis.ivritRateHit(keys.length, ...keys.map((k) => `ivrit-rl:${k}`), this.windowMs);
        this.up(); // after a timeout the connection may never have dropped: no "ready" event says it is back
        return keys.map((_, i) => ({ count: Number(r[2 * i]), ttlMs: Number(r[2 * i + 1]) }));
      } catch (e) {
        this.down(e as Error);
      }
    }
    // Not connected (yet, or again): count here. A failed connection is reported by its "error" event, so a
    // request that comes before the first connection completes logs nothing.
    return this.local.hit(keys);
  }
}

/** Adds the limits as the first onRequest hook: requests under /api (decoded path or matched route) count. */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits, redis?: Redis) {
  const counts = new Counts(limits.windowMs, app.log, redis);
  app.addHook("onRequest", async (req, reply) => {
    if (!isApiRequest(req)) return;
    const device = deviceOf(req);
    const checks = [{ key: `a:${normalizeIP(req.ip)}`, max: limits.addressMax, what: "from this address" }];
    if (device) checks.push({ key: `d:${device}`, max: limits.deviceMax, what: "from this device" });
    const hits = await counts.hit(checks.map((c) => c.key));
    // The headers describe the limit nearest to its end.
    let nearest = 0;
    for (let i = 1; i < checks.length; i++) {
      const left = (j: number) => (checks[j]?.max ?? 0) - (hits[j]?.count ?? 0);
      if (left(i) < left(nearest)) nearest = i;
    }
    const check = checks[nearest] as (typeof checks)[number];
    const hit = hits[nearest] as Hit;
    const resetS = Math.max(1, Math.ceil(hit.ttlMs / 1000));
    reply.header("x-ratelimit-limit", check.max);
    reply.header("x-ratelimit-remaining", Math.max(0, check.max - hit.count));
    reply.header("x-ratelimit-reset", resetS);
    if (hit.count > check.max) {
      reply.header("retry-after", resetS);
      throw new HttpError(429, "rate_limited", `Too many requests ${check.what}: try again in ${resetS} s`);
    }
  });
}
