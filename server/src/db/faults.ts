// What went wrong below the app, said plainly: an unreachable database (a 503 the client may retry) and the
// storage faults an operator must fix (read-only or full disk), whichever layer reported them.

/** The error and its causes (drizzle wraps the driver's error in "Failed query: ..."). */
function* chain(err: unknown): Generator<Record<string, unknown>> {
  let e = err;
  for (let i = 0; i < 8 && e && typeof e === "object"; i++) {
    yield e as Record<string, unknown>;
    e = (e as { cause?: unknown }).cause;
  }
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLSTATE: connection exceptions (08xxx), the server shutting down or starting (57P01-57P03), no free slot.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed and is not queryable|PGlite is closed/i;

/** Why the database cannot be reached, when that is what `err` says; null for any other error. */
export function databaseUnavailable(err: unknown): string | null {
  for (const e of chain(err)) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_MESSAGE.test(message))
      return `database unreachable: ${message || code}`;
  }
  return null;
}

// PGlite's file system reports Emscripten errno numbers (ErrnoError { errno: 51 }), Node its error codes,
// PostgreSQL its SQLSTATE (53100 disk_full, 25006 read_only_sql_transaction).
const EMSCRIPTEN_ERRNO: Record<number, string> = { 51: "ENOSPC", 69: "EROFS", 2: "EACCES", 63: "EPERM", 19: "EDQUOT" };
const PLAIN: Record<string, string> = {
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  "53100": "no space left on device",
  EROFS: "data directory is read-only",
  "25006": "database is read-only",
  EACCES: "data directory is not writable by this user (permission denied)",
  EPERM: "data directory is not writable by this user (operation not permitted)",
};

/** The storage fault `err` reports ("no space left on device", "data directory is read-only"...), or null. */
export function storageFault(err: unknown): string | null {
  for (const e of chain(err)) {
    const errno = typeof e.errno === "number" && e.name === "ErrnoError" ? EMSCRIPTEN_ERRNO[e.errno] : undefined;
    const code = errno ?? (typeof e.code === "string" ? e.code : "");
    if (PLAIN[code]) return PLAIN[code];
    const message = typeof e.message === "string" ? e.message : "";
    if (/No space left on device|ENOSPC|errno: 51\b/.test(message)) return PLAIN.ENOSPC as string;
    if (/Read-only file system|EROFS|errno: 69\b/.test(message)) return PLAIN.EROFS as string;
  }
  return null;
}
