// HTTP-level pieces shared by the routes: the error envelope and the identity of the caller.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ContentCache } from "./content/cache.ts";
import type { Database } from "./db/client.ts";
import type { Plans } from "./users.ts";

export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;

  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export type Deps = { database: Database; cache: ContentCache; plans: Plans };

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    /** The device's anonymous id from X-Anonymous-Id / X-User-Id (validated), or null when absent. */
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

/** The caller's id, for routes that need one; a body userId must match it. */
export function requireUser(req: FastifyRequest, bodyUserId?: string): string {
  if (!req.userId) throw new HttpError(401, "missing_user_id", "x-anonymous-id header is required");
  if (bodyUserId !== undefined && bodyUserId.toLowerCase() !== req.userId)
    throw new HttpError(403, "user_mismatch", "userId does not match the x-anonymous-id header");
  return req.userId;
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).type("application/json").send({ error: { code, message } });
}
