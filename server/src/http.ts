// HTTP-level pieces shared by the routes: the error envelope and the identity of the caller.
import { errorBody } from "@ivrit/core/schemas/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContentCache } from "./content/cache.ts";
import type { Database } from "./db/client.ts";
import type { Caller, Learners } from "./learners.ts";
import type { Plans } from "./users.ts";

export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  /** Headers the answer carries (a 429's retry-after). */
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}

export type Deps = { database: Database; cache: ContentCache; plans: Plans };

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
    learners: Learners;
  }
  interface FastifyRequest {
    /** The device's anonymous id from X-Anonymous-Id / X-User-Id (validated), or null when absent. */
    deviceId: string | null;
    /** The learner the device belongs to (decision 0086), or null when the device is not named. */
    userId: string | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads and validates the identity headers; both, when present, must be the same UUID. */
export function identify(req: FastifyRequest): string | null {
  const read = (name: string) => {
    const v = req.headers[name];
    if (v === undefined) return undefined;
    if (typeof v !== "string" || !UUID.test(v.trim()))
      throw new HttpError(400, "invalid_user_id", `${name} must be a UUID`);
    return v.trim().toLowerCase();
  };
  const anon = read("x-anonymous-id");
  const user = read("x-user-id");
  if (anon && user && anon !== user)
    throw new HttpError(400, "invalid_user_id", "x-anonymous-id and x-user-id must be the same id");
  return anon ?? user ?? null;
}

/** The caller's learner id, for routes that need one; a body userId (the device's id) must match the header. */
export function requireUser(req: FastifyRequest, bodyUserId?: string): string {
  if (!req.userId || !req.deviceId) throw new HttpError(401, "missing_user_id", "x-anonymous-id header is required");
  if (bodyUserId !== undefined && bodyUserId.toLowerCase() !== req.deviceId)
    throw new HttpError(403, "user_mismatch", "userId does not match the x-anonymous-id header");
  return req.userId;
}

/** The caller as the learner calls see them: device, learner, address, user agent. */
export function callerOf(req: FastifyRequest): Caller {
  const learnerId = requireUser(req);
  return {
    deviceId: req.deviceId as string,
    learnerId,
    address: req.ip,
    userAgent: req.headers["user-agent"],
  };
}

/** Before a write: the caller's device and learner rows exist (a device never seen becomes a learner). */
export async function ensureCaller(req: FastifyRequest): Promise<void> {
  await req.server.learners.ensure(callerOf(req));
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).type("application/json").send({ error: { code, message } });
}

/** The calls that name their learner (x-anonymous-id): every one answers 401 without it. */
const LEARNER_TAGS = new Set(["me", "progress", "game", "review", "reminders"]);

/**
 * Every API route declares the errors any call may answer (issue 32), beside the ones it declares itself (a route's
 * own 404, 409…, and /health's 503 body, win): 400 when it takes input, 401 when it names its learner, 429, 500
 * and 503, each in the error envelope. The OpenAPI document lists them, and the envelope is what the error handler
 * sends. Registered before the routes.
 */
export function declareErrorResponses(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const schema = route.schema;
    if (!route.url.startsWith("/api") || !schema || schema.hide) return;
    const tags = (schema.tags ?? []) as string[];
    const common = {
      ...(Boolean(schema.body || schema.querystring || schema.params) && {
        400: errorBody.describe(
          "invalid_input: the request does not match this call's schema (the message says where)",
        ),
      }),
      ...(tags.some((tag) => LEARNER_TAGS.has(tag)) && {
        401: errorBody.describe("missing_user_id: the x-anonymous-id header is required"),
      }),
      429: errorBody.describe("rate_limited: too many requests from this device or address; retry-after says when"),
      500: errorBody.describe("internal: an unexpected fault, logged with the request's id"),
      503: errorBody.describe("database_unavailable: the database does not answer; retry-after: 5"),
    };
    schema.response = { ...common, ...((schema.response as object | undefined) ?? {}) };
  });
}
