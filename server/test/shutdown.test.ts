// A clean stop (issue 25.5, decision 0076), of the real server started as `npm start` starts it: under load, SIGTERM
// (then SIGINT) loses no acknowledged write, answers every request it took (no reset), folds what was scheduled,
// says each step and exits 0; a stop that cannot finish exits 1 at its deadline.
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.ts";
import { FIXTURE_CONTENT, newUser } from "./helpers.ts";
import { killHard, reviewLoad, type ServerProcess, startServer } from "./process.ts";

const exited = (p: ServerProcess) =>
  new Promise<number | null>((resolve) =>
    p.child.exitCode !== null ? resolve(p.child.exitCode) : p.child.once("exit", (code) => resolve(code)),
  );
const messages = (p: ServerProcess) =>
  p
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: number; msg: string; [k: string]: unknown });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("stopping the server", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ivrit-stop-"));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) await killHard(s); // a test that failed midway
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("under load: every request answered, every acknowledged write kept and folded, each step logged", async () => {
    const server = await startServer({ DATA_DIR: dataDir, CONTENT_DIR: FIXTURE_CONTENT, LOG_LEVEL: "info" });
    servers.push(server);
    // The start line comes just after the server starts listening (and answering health).
    const readyLine = () => messages(server).find((m) => m.msg.startsWith("Ready on"));
    for (let waited = 0; !readyLine() && waited < 5000; waited += 50) await sleep(50);
    const ready = readyLine();
    expect(ready).toMatchObject({ version: "source", database: `pglite (${dataDir})` });
    expect(ready?.settings).toMatchObject({ DATA_DIR: dataDir, CONTENT_DIR: FIXTURE_CONTENT, HOST: "127.0.0.1" });

    const load = reviewLoad(server.url, Array.from({ length: 12 }, newUser));
    const acknowledged = () => [...load.acknowledged.values()].reduce((n, ids) => n + ids.length, 0);
    for (let waited = 0; acknowledged() < 100 && waited < 20_000; waited += 100) await sleep(100);
    const code = exited(server);
    server.child.kill("SIGTERM");
    await sleep(20);
    server.child.kill("SIGINT"); // a second signal does not cut the stop short
    expect(await code).toBe(0);
    await load.stop();

    expect(load.failures).toEqual([]); // no request met a reset: each was answered, or its connection refused
    expect([...load.statuses.keys()]).toEqual([200]);
    const total = acknowledged();
    expect(total).toBeGreaterThan(12);
    const said = messages(server).map((m) => m.msg);
    const steps = [
      /^stop: SIGTERM received, stopping \(deadline 10000 ms\)$/,
      /^stop: SIGINT again while finishing requests: still stopping/,
      /^stop: no new connections; \d+ open, finishing their requests/,
      /^stop: every request answered, connections closed/,
      /^stop: app closed, scheduled review folds done/,
      /^stop: stopping scheduled backups done/,
      /^stop: syncing the database done/,
      /^stop: closing the database done/,
      /^stop: stopped in \d+ ms$/,
    ];
    console.log(
      `stop under load: ${total} writes acknowledged\n${said.filter((m) => m.startsWith("stop")).join("\n")}`,
    );
    for (const step of steps)
      expect(
        said.some((m) => step.test(m)),
        String(step),
      ).toBe(true);
    // In order: each step says its time since the signal.
    const times = steps.slice(2).map((step) => {
      const line = said.find((m) => step.test(m)) ?? "";
      return Number(/(\d+) ms\)?$/.exec(line)?.[1]);
    });
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // Every acknowledged event is stored, and folded: each learner's cursor is at their last event.
    const database = await createDb({ dataDir });
    try {
      for (const [user, ids] of load.acknowledged) {
        const { rows } = (await database.db.execute(sql`
          select e.client_event_id as id, (select folded_id from review_folds f where f.user_id = e.user_id) as cursor,
                 e.id as n
          from review_events e where e.user_id = ${user}::uuid order by e.id`)) as unknown as {
          rows: { id: string; cursor: string | number | null; n: string | number }[];
        };
        const stored = new Set(rows.map((r) => r.id));
        expect(ids.filter((id) => !stored.has(id))).toEqual([]);
        if (rows.length) expect(Number(rows[0]?.cursor)).toBe(Number(rows[rows.length - 1]?.n));
      }
    } finally {
      await database.close();
    }
  }, 180_000);

  it("exits 1 at its deadline when a request never finishes, saying what it waited for", async () => {
    const server = await startServer({ DATA_DIR: dataDir, CONTENT_DIR: FIXTURE_CONTENT, SHUTDOWN_TIMEOUT_MS: "700" });
    servers.push(server);
    // A request whose body never comes: the stop cannot finish it.
    const { port } = new URL(server.url);
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise((r) => socket.once("connect", r));
    socket.write(
      `POST /api/review/events HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nx-anonymous-id: ${newUser()}\r\ncontent-length: 100\r\n\r\n{"ev`,
    );
    await sleep(200);
    const code = exited(server);
    const started = Date.now();
    server.child.kill("SIGTERM");
    expect(await code).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    socket.destroy();
    expect(messages(server).map((m) => m.msg)).toContainEqual(
      "stop: deadline of 700 ms passed while finishing requests: exiting with code 1",
    );
  }, 120_000);
});
