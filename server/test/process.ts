// Starting the real server as a child process (for the durability and multi-instance tests), from the entry `npm start`
// runs (start.ts: the process restarts itself in place with its memory settings, then serves).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { SERVER_DIR } from "./helpers.ts";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      s.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

export type ServerProcess = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * How long one start of the server may take before a test calls it failed: a fresh data directory migrates and
 * loads the content, which took 88 s once on a loaded 2-core machine (issue 32). Startup that is merely slow is
 * not what these tests test, so each start gets twice that.
 */
export const START_MS = 180_000;

/** A test's timeout: START_MS for each of its `starts` server starts, and `work` for everything else it does. */
export const startsTimeout = (starts: number, work = 60_000): number => starts * START_MS + work;

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(SERVER_DIR, "src", "start.ts")], {
    cwd: SERVER_DIR,
    // The limits out of the way (these tests load the server from one address as fast as it answers: a calm
    // machine passed the default 3,000 a minute); a test of the limits gives its own.
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      CONTENT_POLL_MS: "200",
      RATE_LIMIT_MAX: "1000000",
      RATE_LIMIT_ADDRESS_MAX: "1000000",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export function killHard(p: ServerProcess): Promise<void> {
  const exited = new Promise<void>((r) => p.child.once("exit", () => r()));
  p.child.kill("SIGKILL");
  return exited;
}

export type Load = {
  /** Each learner's event ids the server acknowledged as stored. */
  acknowledged: Map<string, string[]>;
  /** How many answers of each status. */
  statuses: Map<number, number>;
  /** Requests that got no answer, by what they met (ECONNRESET...); refused connections are not counted. */
  failures: string[];
  refused: number;
  /** Stops the learners (each finishes its request) and resolves once they have. */
  stop: () => Promise<void>;
};

/**
 * A review-heavy load: each learner posts one event at a time (a new id each, on the fixture's words 1001-1006) and
 * reads its queue every fifth answer, until stopped or its connection is refused (the server stopped listening).
 */
export function reviewLoad(url: string, users: string[]): Load {
  const load: Load = { acknowledged: new Map(), statuses: new Map(), failures: [], refused: 0, stop: async () => {} };
  let stopped = false;
  const count = (status: number) => load.statuses.set(status, (load.statuses.get(status) ?? 0) + 1);
  const learner = async (user: string) => {
    const ids: string[] = [];
    load.acknowledged.set(user, ids);
    const headers = { "x-anonymous-id": user, "content-type": "application/json" };
    for (let i = 0; !stopped; i++) {
      const id = `${user.slice(0, 8)}-${i}`;
      const event = { id, wordId: 1001 + (i % 6), at: new Date().toISOString(), game: "review", outcome: "right" };
      try {
        const res = await fetch(`${url}/api/review/events`, {
          method: "POST",
          headers,
          body: JSON.stringify({ events: [event] }),
        });
        count(res.status);
        if (res.status === 200 && ((await res.json()) as { stored: number }).stored === 1) ids.push(id);
        else await res.text();
        if (i % 5 === 4) {
          const queue = await fetch(`${url}/api/review/queue`, { headers });
          count(queue.status);
          await queue.text();
        }
      } catch (e) {
        const cause = (e as { cause?: { code?: string; message?: string } }).cause;
        const why = cause?.code ?? cause?.message ?? String(e);
        if (why !== "ECONNREFUSED") load.failures.push(why);
        else load.refused++;
        if (why === "ECONNREFUSED") return;
      }
    }
  };
  const running = Promise.all(users.map(learner));
  load.stop = async () => {
    stopped = true;
    await running;
  };
  return load;
}
