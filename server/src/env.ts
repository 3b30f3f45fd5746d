// The environment, parsed once at boot: a bad value stops the start with a list of what is wrong.
import { z } from "zod";
import { DEFAULT_DATA_DIR } from "./paths.ts";

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The embedded database: ./data at the repository root, wherever the process starts. */
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis://")
    .optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
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
});
export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}
