// Where the server finds its files on disk. Every path is derived here, from this module's own folder, so that the
// build can move the code: src/paths.ts (run by tsx in tests and scripts) and the bundled dist/*.js (run by `npm
// start`) both sit one level below server/, and so resolve the same folders.
import { join } from "node:path";

const SERVER_DIR = join(import.meta.dirname, "..");
const REPO_DIR = join(SERVER_DIR, "..");

/** Committed SQL migrations (drizzle-kit). */
export const MIGRATIONS_DIR = join(SERVER_DIR, "drizzle");
/** The script that runs PGlite's initdb in a short-lived child process (plain JavaScript: it is not bundled). */
export const PGLITE_INIT_SCRIPT = join(SERVER_DIR, "src", "db", "pglite-init.mjs");
/**
 * boot()'s content load for an embedded database, run in a child process: the TypeScript source under tsx (tests,
 * scripts), else the bundle built beside this one (server/dist/load-content.js).
 */
export const CONTENT_LOAD_SCRIPT = import.meta.filename.endsWith(".ts")
  ? join(SERVER_DIR, "src", "content", "load-child.ts")
  : join(import.meta.dirname, "load-content.js");
/** The vocabulary and its audio files. */
export const CONTENT_DIR = join(REPO_DIR, "content");
/** The built SPA. */
export const WEB_DIST_DIR = join(REPO_DIR, "web", "dist");
/** The embedded database, unless DATA_DIR says otherwise. */
export const DEFAULT_DATA_DIR = join(REPO_DIR, "data");
