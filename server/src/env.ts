// The environment, parsed once at boot: a bad value stops the start with a list of what is wrong.
import { isIP } from "node:net";
import { z } from "zod";
import { DEFAULT_DATA_DIR } from "./paths.ts";

export const RATE_LIMIT_ADDRESS_MAX = 3000;

/** One TRUST_PROXY entry: an IP address, a CIDR range, or one of the names proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [ip, bits, ...rest] = entry.split("/");
  const version = isIP(ip ?? "");
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration: a whole number and a unit (`500ms`, `90s`, `30m`, `6h`, `1d`), in milliseconds. */
const duration = z
  .string()
  .regex(/^[1-9]\d*(ms|s|m|h|d)$/, "must be a whole number and a unit: 90s, 30m, 6h, 1d")
  .transform((v) => {
    const [, n, unit] = /^(\d+)(ms|s|m|h|d)$/.exec(v) as unknown as [string, string, keyof typeof UNIT_MS];
    return Number(n) * UNIT_MS[unit];
  });

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The embedded database: ./data at the repository root, wherever the process starts. */
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  /**
   * The same PostgreSQL without a transaction-mode pooler in between (decision 0088): migrations, the content load's
   * lock and LISTEN need a session of their own. Unset: DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  /** A read replica for the content (modules, words, beginner data); a learner's own data stays on the primary. */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis://")
    .optional(),
  /** Requests per window from one device (X-Anonymous-Id). */
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Requests per window from one client address, whatever ids it sends. */
  RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().positive().default(RATE_LIMIT_ADDRESS_MAX),
  /**
   * The proxies whose X-Forwarded-For is believed: a comma list of addresses, CIDR ranges, or loopback,
   * linklocal, uniquelocal. Unset: the client is the peer of the TCP connection.
   */
  TRUST_PROXY: z
    .string()
    .transform((s) => s.split(",").map((p) => p.trim()))
    .pipe(
      z.array(z.string().refine(isProxyAddress, "must be addresses, CIDR ranges or loopback/linklocal/uniquelocal")),
    )
    .optional(),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  REVENUECAT_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  CONTENT_DIR: z.string().optional(),
  /** How often (ms) a process checks whether another one reloaded the content. */
  CONTENT_POLL_MS: z.coerce.number().int().min(100).default(10_000),
  /** Bearer token that GET /metrics requires; unset, /metrics answers 404 (decision 0075). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** How long a stop (SIGTERM, SIGINT) may take before the process exits anyway, with code 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** The embedded database: how often it checkpoints (when it wrote anything since the last one). */
  CHECKPOINT_EVERY: duration.default(5 * 60_000),
  /** Scheduled backups of the embedded database: where, how often, how many to keep (the oldest go first). */
  BACKUP_DIR: z.string().optional(),
  BACKUP_EVERY: duration.optional(),
  BACKUP_KEEP: z.coerce.number().int().positive().default(7),
  /** Learners who hold nothing and whose devices were not seen for this many days are removed daily (0: never). */
  IDLE_LEARNER_DAYS: z.coerce.number().int().min(0).default(90),
  /** Events folded and stored more than this many days ago move to the archive daily (0: never; decision 0111). */
  EVENT_ARCHIVE_DAYS: z.coerce.number().int().min(0).default(30),
  /** Web push (decision 0097): the VAPID key pair (base64url), both or neither; unset, made once and kept in the database. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a base64url P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, "must be a base64url P-256 private key")
    .optional(),
  /** Who the push services contact about this server's pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// URL")
    .default("mailto:reminders@localhost"),
  /** How often each process looks for reminders to send. */
  REMINDERS_EVERY: duration.default(60_000),
});
export type Env = z.infer<typeof schema>;

/** Settings whose value names a secret: the start line says only that they are set. */
const SECRETS = new Set(["REVENUECAT_WEBHOOK_SECRET", "METRICS_TOKEN", "VAPID_PRIVATE_KEY"]);

/**
 * The settings of `env` that differ from the defaults, as the start line shows them: secrets as "(set)", the
 * password of a database or Redis URL as "***".
 */
export function changedSettings(env: Env): Record<string, unknown> {
  const defaults: Record<string, unknown> = schema.parse({});
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(env)) {
    if (JSON.stringify(value) === JSON.stringify(defaults[key])) continue;
    if (SECRETS.has(key)) out[key] = "(set)";
    else if (typeof value === "string" && /^(postgres(ql)?|rediss?):\/\//.test(value)) {
      const url = new URL(value);
      if (url.password) url.password = "***";
      out[key] = url.toString();
    } else out[key] = value;
  }
  return out;
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema
    .superRefine((env, ctx) => {
      const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (env.BACKUP_EVERY !== undefined && !env.BACKUP_DIR) problem("BACKUP_EVERY", "needs BACKUP_DIR");
      if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY)
        problem(
          env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY",
          "the VAPID keys go together: set both or neither",
        );
      if (env.BACKUP_DIR && env.DATABASE_URL)
        problem("BACKUP_DIR", "backs up the embedded database only: back PostgreSQL up with pg_dump (README)");
      for (const key of ["DATABASE_DIRECT_URL", "DATABASE_READ_URL"] as const)
        if (env[key] && !env.DATABASE_URL)
          problem(key, "needs DATABASE_URL (it is another way to the same PostgreSQL)");
    })
    .safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}
