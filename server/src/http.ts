// HTTP-level pieces shared by the routes: the error envelope and the identity of the caller.
import type { FastifyReply, FastifyRequest } from "fastify";
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
