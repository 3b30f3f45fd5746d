// What an operator scrapes (issue 25.4, decision 0075): GET /metrics in the Prometheus text format, answered only
// with `Authorization: Bearer <METRICS_TOKEN>` (unset: 404, as if there were no such page). Requests by route and
// status with their latency, review events stored and folded, the fold backlog, the database pool, and
// prom-client's process metrics (memory, event-loop delay, CPU, open files).
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import client from "prom-client";
import { sendError } from "./http.ts";

/** Pool use of a PostgreSQL database (connections open, idle, and requests waiting for one). */
export type PoolUse = { total: number; idle: number; waiting: number };

export class Metrics {
  readonly registry = new client.Registry();
  readonly requests = new client.Counter({
    name: "ivrit_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  readonly duration = new client.Histogram({
    name: "ivrit_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly eventsStored = new client.Counter({
    name: "ivrit_review_events_stored_total",
    help: "Review events stored (acknowledged) by this process; retried ids are not counted",
    registers: [this.registry],
  });
  readonly eventsFolded = new client.Counter({
    name: "ivrit_review_events_folded_total",
    help: "Review events this process folded onto cards",
    registers: [this.registry],
  });
  private backlog: () => number = () => 0;
  private pool: () => PoolUse | null = () => null;

  constructor() {
    const self = this;
    new client.Gauge({
      name: "ivrit_review_fold_backlog_events",
      help: "Review events this process stored and has not started folding yet",
      registers: [this.registry],
      collect() {
        this.set(self.backlog());
      },
    });
    new client.Gauge({
      name: "ivrit_db_pool_connections",
      help: "PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const use = self.pool();
        if (!use) return;
        for (const [state, n] of Object.entries(use)) this.set({ state }, n);
      },
    });
    client.collectDefaultMetrics({ register: this.registry });
  }

  /** Where the fold backlog is read from (the review routes). */
  setFoldBacklog(read: () => number) {
    this.backlog = read;
  }

  setPool(read: () => PoolUse | null) {
    this.pool = read;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Counts every answer, and serves GET /metrics to a caller holding the token. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.decorate("metrics", metrics);
  app.addHook("onResponse", async (req, reply) => {
    const route = routeOf(req);
    metrics.requests.inc({ method: req.method, route, status: reply.statusCode });
    metrics.duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  app.get("/metrics", { schema: { hide: true } }, async (req, reply) => {
    if (!token) return sendError(reply, 404, "not_found", "GET /metrics not found");
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer ") || !sameSecret(auth.slice(7), token))
      return sendError(reply.header("www-authenticate", "Bearer"), 401, "unauthorized", "metrics need the token");
    reply.header("cache-control", "no-store").type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/** The route pattern a request matched ("/api/review/events", "/audio/*"), or "(no route)" (a 404). */
export function routeOf(req: { routeOptions: { url?: string | undefined } }): string {
  return req.routeOptions.url ?? "(no route)";
}
