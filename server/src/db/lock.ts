// One process per PGlite data directory, enforced by the operating system (decision 0006): the lock is a Unix
// domain socket this process listens on. The kernel frees it when the process ends, kill -9 included, so a lock
// cannot outlive its owner, and no pid is compared, so a reused pid cannot fool it.
import { mkdirSync, rmSync, statSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import { join } from "node:path";

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
    const socket = connect({ path });
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

/** Takes the directory's lock or throws saying who holds it. Returns the release function. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  const address = lockAddress(dir);
  const server = createServer((socket) => socket.end(`${process.pid}\n`));
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
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}
