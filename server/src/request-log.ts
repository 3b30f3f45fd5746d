// The log an operator reads (issue 25.3): one line per request once it is answered, at info (health polls, the
// metrics scrape and static files at debug), with the method, the route pattern, the status, the milliseconds and
// a short hash of the device id (never the id itself). Every line a request logs, errors included, carries its
// request id (pino's reqId), which the answer also carries in X-Request-Id.
import { createHash, randomBytes } from "node:crypto";
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { routeOf } from "./metrics.ts";
import { decodedPath, isApiRequest } from "./ratelimit.ts";

/** A request id: 10 random characters, unique enough to find one request's lines in a day of logs. */
export const newRequestId = () => randomBytes(8).toString("base64url").slice(0, 10);

/** 8 characters of the SHA-256 of a device id: tells one device's requests apart, and cannot be turned back. */
export const deviceHash = (userId: string) => createHash("sha256").update(userId).digest("base64url").slice(0, 8);

/** Health polls, the metrics scrape and static files (audio, the app): logged at debug. */
function quiet(req: FastifyRequest): boolean {
  const path = decodedPath(req.url);
  return path === "/metrics" || path === "/api/health" || path === "/api/health/live" || !isApiRequest(req);
}

/** Fastify's request lines replaced: none when a request arrives, ours when it is answered. */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const level = error ? "error" : status >= 500 || !quiet(req) ? "info" : "debug";
    if (level === "debug" && req.log.level !== "debug" && req.log.level !== "trace") return;
    const route = routeOf(req);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    req.log[level](
      {
        method: req.method,
        route,
        status,
        ms,
        ...(req.deviceId && { device: deviceHash(req.deviceId) }),
        ...(error && { err: error }),
      },
      `${req.method} ${route} ${status} ${ms} ms${error ? `: ${error.message}` : ""}`,
    );
  }
}

/** Every answer says its request id (X-Request-Id), the id its log lines carry. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
}
