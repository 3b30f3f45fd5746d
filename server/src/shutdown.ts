// A clean stop (issue 25.5, decision 0076). On SIGTERM or SIGINT: stop accepting connections, answer the requests
// in flight and the ones already on open connections (each answer then says `connection: close`), fold what is
// scheduled, sync, close the database, saying each step; exit 0, or 1 once SHUTDOWN_TIMEOUT_MS has passed. A
// second signal says what the stop is waiting for and does not cut it short.
import type { Server } from "node:http";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

/**
 * How long connections that stay idle (their client sends nothing more) are left open after the listener closes. A
 * client's pool may hold several idle connections and use them one after another (each answer during the stop
 * closes its own): 1 s was too short for a 12-learner load on a loaded 2-core machine (a reset in about 1 run of 2).
 */
const IDLE_GRACE_MS = 3000;

type Step = { name: string; run: () => Promise<unknown> };

export function installShutdown(opts: {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  timeoutMs: number;
  /** After the HTTP server and the app (its hooks: the review folds) are closed, in order. */
  steps: Step[];
  exit?: (code: number) => void;
}) {
  const { app, log, timeoutMs } = opts;
  // pino writes asynchronously: its lines are flushed (in order) before the process exits, for at most 500 ms.
  const flushThenExit = (code: number) => {
    const flush = (log as { flush?: (done: () => void) => void }).flush;
    if (!flush) process.exit(code);
    setTimeout(() => process.exit(code), 500).unref();
    flush.call(log, () => process.exit(code));
  };
  const exit = opts.exit ?? flushThenExit;
  let stopping = false;
  let current = "";
  let draining = false;
  // Answers given while the server drains close their connection: the client opens a new one (refused, or
  // another instance behind the balancer) instead of sending on one about to be closed.
  app.addHook("onSend", async (_req, reply, payload) => {
    if (draining) reply.header("connection", "close");
    return payload;
  });

  const stop = async (signal: string) => {
    const started = Date.now();
    const since = () => `${Date.now() - started} ms`;
    const deadline = setTimeout(() => {
      log.error(`stop: deadline of ${timeoutMs} ms passed while ${current}: exiting with code 1`);
      exit(1);
    }, timeoutMs);
    log.info(`stop: ${signal} received, stopping (deadline ${timeoutMs} ms)`);
    try {
      current = "finishing requests";
      draining = true;
      const server = app.server as Server;
      // Node's close() also closes idle keep-alive connections at once: a request a client is sending on one at that
      // moment meets a reset. They are given IDLE_GRACE_MS to be used (and closed after their answer) first.
      const closeIdle = server.closeIdleConnections.bind(server);
      server.closeIdleConnections = () => {};
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const open = await connectionCount(server);
      log.info(`stop: no new connections; ${open} open, finishing their requests (${since()})`);
      const grace = setTimeout(closeIdle, IDLE_GRACE_MS);
      await closed;
      clearTimeout(grace);
      log.info(`stop: every request answered, connections closed (${since()})`);
      current = "closing the app (scheduled review folds)";
      await app.close();
      log.info(`stop: app closed, scheduled review folds done (${since()})`);
      for (const step of opts.steps) {
        current = step.name;
        await step.run();
        log.info(`stop: ${step.name} done (${since()})`);
      }
      clearTimeout(deadline);
      log.info(`stop: stopped in ${since()}`);
      exit(0);
    } catch (err) {
      clearTimeout(deadline);
      log.error({ err }, `stop: failed while ${current} (${since()}): exiting with code 1`);
      exit(1);
    }
  };

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) {
        log.warn(`stop: ${signal} again while ${current}: still stopping (the deadline exits with code 1)`);
        return;
      }
      stopping = true;
      void stop(signal);
    });
  }
}

function connectionCount(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
}
