// GET /metrics (issue 25.4, decision 0075): Prometheus text, only with the token; what it counts is what happened.
import { describe, expect, it } from "vitest";
import { as, BACKENDS, newUser, startApp } from "./helpers.ts";

const TOKEN = "metrics-token-for-the-test";

/** The value of one sample line ("name{labels} value") of a scrape, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("metrics without a token", () => {
  it("are not served", async () => {
    const h = await startApp("pglite");
    try {
      const res = await h.app.inject({ url: "/metrics", headers: { authorization: "Bearer anything" } });
      expect(res.statusCode).toBe(404);
    } finally {
      await h.close();
    }
  });
});

describe.each(BACKENDS)("metrics on %s", (backend) => {
  it("need the bearer token, and count requests, latency, review events, the pool and the process", async () => {
    const h = await startApp(backend, { METRICS_TOKEN: TOKEN });
    const scrape = async () => {
      const res = await h.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };
    try {
      expect((await h.app.inject({ url: "/metrics" })).statusCode).toBe(401);
      const wrong = await h.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers["www-authenticate"]).toBe("Bearer");

      const user = newUser();
      const at = new Date().toISOString();
      const events = [1001, 1002, 1003].map((wordId, i) => ({
        id: `m${i}`,
        wordId,
        at,
        game: "review",
        outcome: "right",
      }));
      const post = () =>
        h.app.inject({ method: "POST", url: "/api/review/events", headers: as(user), payload: { events } });
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200); // retried: stored once
      let text = await scrape();
      expect(sample(text, "ivrit_review_events_stored_total")).toBe(3);
      // 3 until the fold scheduled 100 ms after the write starts, then 0.
      expect([0, 3]).toContain(sample(text, "ivrit_review_fold_backlog_events"));
      // A read of the learner's cards folds first.
      expect((await h.app.inject({ url: "/api/review/queue", headers: as(user) })).statusCode).toBe(200);
      expect((await h.app.inject({ url: "/api/review/nowhere", headers: as(user) })).statusCode).toBe(404);
      text = await scrape();
      expect(sample(text, "ivrit_review_events_folded_total")).toBe(3);
      expect(sample(text, "ivrit_review_fold_backlog_events")).toBe(0);
      const requests = (route: string, status: number, method = "GET") =>
        sample(text, `ivrit_http_requests_total{method="${method}",route="${route}",status="${status}"}`);
      expect(requests("/api/review/events", 200, "POST")).toBe(2);
      expect(requests("/api/review/queue", 200)).toBe(1);
      expect(requests("(no route)", 404)).toBe(1);
      expect(requests("/metrics", 401)).toBe(2);
      expect(sample(text, 'ivrit_http_request_duration_seconds_count{method="POST",route="/api/review/events"}')).toBe(
        2,
      );
      expect(
        sample(text, 'ivrit_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/review/events"}'),
      ).toBe(2);
      expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
      expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
      const pool = sample(text, 'ivrit_db_pool_connections{state="total"}');
      if (backend === "postgres") expect(pool).toBeGreaterThan(0);
      else expect(pool).toBeUndefined();
    } finally {
      await h.close();
    }
  });
});
