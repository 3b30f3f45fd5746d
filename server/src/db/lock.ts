// One process per PGlite data directory, enforced by the operating system (decision 0006): the lock is a Unix
// domain socket this process listens on. The kernel frees it when the process ends, kill -9 included, so a lock
// cannot outlive its owner, and no pid is compared, so a reused pid cannot fool it.
//
// The socket also carries requests to the process that holds the directory (decision 0071): a line "who" is
// answered with its pid; a JSON line {"token", "request", ...} is handed to the holder's handler when its token is
// the one in the directory's token file, which only the directory's owner (and root) can read.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";

/** The file that authenticates requests: a fresh token for each holder, readable by the owner alone. */
export const TOKEN_FILE = ".control-token";

export type Handler = (request: Record<string, unknown>) => Promise<Record<string, unknown>>;
type DataDirLock = {
  release: () => Promise<void>;
  /** What answers authenticated requests (none: each is refused). */
  handle: Handler | null;
};

/**
 * Linux: an abstract socket (no file) named after the directory's device and inode, so every path to the
 * directory (symlinks, bind mounts) names one lock. Elsewhere: a socket file in the directory; a file left by a
 * dead process refuses connections and is replaced.
 */
function lockAddress(dir: string): { path: string; file: boolean } {
  if (process.platform === "linux") {
    const st = statSync(dir);
    return { path: `\0ivrit-pglite-${st.dev}-${st.ino}`, file: false };
  }
  return { path: join(dir, "ivrit.sock"), file: true };
}

function listen(server: Server, path: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const onError = (err: NodeJS.ErrnoException) => resolve(err);
    server.once("error", onError);
    server.listen({ path, exclusive: true }, () => {
      server.off("error", onError);
      resolve(null);
    });
  });
}

/** Asks the holder of the lock who it is: it answers with its pid. Null when nobody answers (a stale file). */
function askOwner(path: string): Promise<string | null> {
  return new Promise((resolve) => {
    let data = "";
    const socket = connect({ path }, () => socket.write("who\n"));
    const done = (v: string | null) => {
      socket.destroy();
      resolve(v);
    };
    socket.setTimeout(2000, () => done(data || "unknown"));
    socket.on("data", (d) => (data += d));
    socket.on("end", () => done(data.trim() || "unknown"));
    socket.on("error", (e: NodeJS.ErrnoException) =>
      done(e.code === "ECONNREFUSED" || e.code === "ENOENT" ? null : "unknown"),
    );
  });
}

/** Answers one connection: its first line is "who" or an authenticated request. */
function answer(socket: Socket, token: Buffer, lock: DataDirLock) {
  let line = "";
  socket.setTimeout(5000, () => socket.destroy());
  socket.on("error", () => {});
  const reply = (body: Record<string, unknown>) => socket.end(`${JSON.stringify(body)}\n`);
  socket.on("data", (d) => {
    line += d;
    const end = line.indexOf("\n");
    if (end < 0) return;
    socket.removeAllListeners("data");
    socket.setTimeout(0);
    const text = line.slice(0, end).trim();
    if (text === "who") return void socket.end(`${process.pid}\n`);
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(text);
    } catch {
      return reply({ error: "not a request" });
    }
    const given = Buffer.from(String(request.token ?? ""));
    if (given.length !== token.length || !timingSafeEqual(given, token)) return reply({ error: "bad token" });
    if (!lock.handle) return reply({ error: `process ${process.pid} takes no requests` });
    lock.handle(request).then(reply, (e: Error) => reply({ error: e.message }));
  });
}

/**
 * Sends a request to the process holding `dir`, authenticated by the directory's token file, and returns its
 * answer. Throws when the file cannot be read (another user's directory) or the holder answers an error.
 */
export async function requestHolder(dir: string, request: Record<string, unknown>): Promise<Record<string, unknown>> {
  const token = readFileSync(join(dir, TOKEN_FILE), "utf8").trim();
  const { path } = lockAddress(dir);
  const answer = await new Promise<string>((resolve, reject) => {
    let data = "";
    const socket = connect({ path }, () => socket.write(`${JSON.stringify({ ...request, token })}\n`));
    socket.on("data", (d) => (data += d));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
  const body = JSON.parse(answer || "{}") as Record<string, unknown>;
  if (typeof body.error === "string") throw new Error(body.error);
  return body;
}

/** Takes the directory's lock or throws saying who holds it. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  mkdirSync(dir, { recursive: true });
  const address = lockAddress(dir);
  const token = Buffer.from(randomBytes(24).toString("hex"));
  const lock: DataDirLock = { release: async () => {}, handle: null };
  const server = createServer((socket) => answer(socket, token, lock));
  server.on("error", () => {}); // after listening: nothing to report, the lock holds while the fd is open
  let err = await listen(server, address.path);
  if (err?.code === "EADDRINUSE") {
    const owner = await askOwner(address.path);
    if (owner !== null)
      throw new Error(
        `DATA_DIR ${dir} is in use by process ${owner} (is the server running?): stop it first, or use DATABASE_URL`,
      );
    if (address.file) {
      rmSync(address.path, { force: true }); // the socket file of a process that is gone
      err = await listen(server, address.path);
    }
  }
  if (err) throw new Error(`could not lock DATA_DIR ${dir}: ${err.message}`);
  server.unref(); // the lock does not keep the process alive
  // The pid file of earlier versions: its pid may now belong to anything, it means nothing any more.
  rmSync(join(dir, "ivrit.lock"), { force: true });
  const tokenFile = join(dir, TOKEN_FILE);
  writeFileSync(tokenFile, token, { mode: 0o600 });
  chmodSync(tokenFile, 0o600); // a file left by an earlier holder keeps its mode otherwise
  lock.release = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
  return lock;
}
