// Web push reminders end to end (issue 30.2), against a local push service (web-push-testing from the npm registry:
// it decrypts each message and checks its VAPID signature, as the browser vendors' services do). The servers run
// under libfaketime as in learning-loop.spec.ts: their clock is moved by the file the test writes. A learner in
// Tokyo with a reminder at 19:00: it arrives once (with two server instances on one PostgreSQL database when
// TEST_DATABASE_URL is set, else one instance on PGlite), not on a day whose goal was met, not in quiet hours, and
// after the push service answers 410 the subscription is dropped.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { apiHeaders } from "./helpers.ts";

const FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PUSH_SERVER = join(ROOT, "node_modules", "web-push-testing", "src", "bin", "server.js");
const TZ = "Asia/Tokyo"; // UTC+9, no daylight saving time
const DAY = 86_400_000;
const PG_BASE = process.env.TEST_DATABASE_URL;

test.skip(!existsSync(FAKETIME), "needs Debian's faketime (scripts/ensure-debian.mjs installs it)");
test.describe.configure({ mode: "serial" });

const children: ChildProcess[] = [];
let dataDir = "";
let clockFile = "";
let pgName = "";
let bases: string[] = [];
let push = "";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers 200 (the child must still be running). */
async function healthy(child: ChildProcess, url: string, stderr: () => string) {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`exited: ${stderr()}`);
        return fetch(url, { method: url.endsWith("/status") ? "POST" : "GET" })
          .then((r) => r.status)
          .catch(() => 0);
      },
      { timeout: 200_000, intervals: [500] },
    )
    .toBe(200);
}

function start(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"], env });
  let err = "";
  child.stderr?.on("data", (d) => {
    err += String(d);
  });
  children.push(child);
  return { child, stderr: () => err };
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const slot = 4410 + (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10) * 4;
  dataDir = mkdtempSync(join(tmpdir(), "ivrit-reminders-data-"));
  clockFile = `${dataDir}-clock`;
  writeFileSync(clockFile, "+0\n");
  push = `http://localhost:${slot + 3}`;
  const service = start([PUSH_SERVER, String(slot + 3)], process.env);
  await healthy(service.child, `${push}/status`, service.stderr);

  let databaseUrl: string | undefined;
  if (PG_BASE) {
    pgName = `ivrit_e2e_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`create database ${pgName}`);
    await admin.end();
    const url = new URL(PG_BASE);
    url.pathname = `/${pgName}`;
    databaseUrl = url.toString();
  }
  const instances = databaseUrl ? 2 : 1;
  bases = [];
  for (let i = 0; i < instances; i++) {
    const port = slot + i;
    const server = start(["server/dist/start.js"], {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
      WEB_DIST: process.env.E2E_WEB_DIST,
      RATE_LIMIT_MAX: "100000",
      LOG_LEVEL: "warn",
      REMINDERS_EVERY: "500ms",
      // The wall clock only: timers (the monotonic clock) run as usual. The file is read at every call.
      LD_PRELOAD: FAKETIME,
      FAKETIME_TIMESTAMP_FILE: clockFile,
      FAKETIME_NO_CACHE: "1",
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    });
    const base = `http://127.0.0.1:${port}`;
    // One after the other: the first migrates the database.
    await healthy(server.child, `${base}/api/health`, server.stderr);
    bases.push(base);
  }
});

test.afterAll(async () => {
  for (const child of children.reverse()) {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(clockFile, { force: true });
  if (PG_BASE && pgName) {
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName} with (force)`);
    await admin.end();
  }
});

/** The instant the wall clock in Tokyo reads `hh:mm:ss` on the day `day` days after today (Tokyo's). */
function tokyo(day: number, time: string): number {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
  return Date.parse(`${today}T${time}+09:00`) + day * DAY;
}

/** Moves the servers' wall clock to `at` (it runs on from there). */
function moveClockTo(at: number) {
  const offset = Math.round((at - Date.now()) / 1000);
  writeFileSync(clockFile, `${offset >= 0 ? "+" : ""}${offset}\n`);
}

async function messages(clientHash: string): Promise<string[]> {
  const res = await fetch(`${push}/get-notifications`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientHash }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { messages: string[] } }).data.messages;
}

test("web push reminder: at 19:00 in Tokyo once, not with the goal met, not in quiet hours, dropped after 410", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const [a, b] = bases as [string, string | undefined];
  const id = randomUUID();
  const headers = apiHeaders(id);
  const api = (base: string, path: string) => `${base}/api${path}`;

  // The learner, on day 1 at noon in Tokyo: reminders at 19:00 every day, no quiet hours; a browser subscribed at the
  // push service with the server's public key; two words answered wrong, so cards are due by the evening.
  moveClockTo(tokyo(1, "12:00:00"));
  expect((await request.patch(api(a, "/review/settings"), { headers, data: { timeZone: TZ } })).status()).toBe(200);
  const on = await request.patch(api(a, "/reminders"), {
    headers,
    data: { enabled: true, time: "19:00", quietStart: null, quietEnd: null },
  });
  expect(on.status()).toBe(200);
  const { publicKey } = (await on.json()) as { publicKey: string };
  if (b)
    expect(
      ((await (await request.get(api(b, "/reminders"), { headers })).json()) as { publicKey: string }).publicKey,
    ).toBe(publicKey);
  const sub = (await (
    await fetch(`${push}/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userVisibleOnly: "true", applicationServerKey: publicKey }),
    })
  ).json()) as { data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string } };
  const { clientHash, ...subscription } = sub.data;
  const subscribed = await request.post(api(a, "/reminders/subscriptions"), {
    headers,
    data: { ...subscription, language: "en" },
  });
  expect(subscribed.status()).toBe(201);

  const module3 = (await (await request.get(api(a, "/words?moduleId=3&limit=3&language=en"), { headers })).json()) as {
    items: { id: number }[];
  };
  const wrong = module3.items.slice(0, 2).map((w) => ({
    id: randomUUID(),
    wordId: w.id,
    at: new Date(tokyo(1, "12:00:00")).toISOString(),
    game: "flashcards",
    outcome: "wrong",
  }));
  expect((await request.post(api(a, "/review/events"), { headers, data: { events: wrong } })).status()).toBe(200);

  // Day 1, 18:59:57 in Tokyo: nothing yet.
  moveClockTo(tokyo(1, "18:59:57"));
  await sleep(1500);
  expect(await messages(clientHash)).toEqual([]);
  // 19:00: one reminder, with the cards due and the way to /review.
  moveClockTo(tokyo(1, "19:00:01"));
  await expect.poll(async () => (await messages(clientHash)).length, { timeout: 20_000 }).toBe(1);
  const [first] = await messages(clientHash);
  const payload = JSON.parse(first ?? "{}") as { title: string; body: string; url: string; due: number; day: string };
  expect(payload.title).toBe("Time for Hebrew");
  expect(payload.url).toBe("/review");
  expect(payload.day).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date(tokyo(1, "19:00:01"))));
  const queue = (await (await request.get(api(a, "/review/queue"), { headers })).json()) as { due: number };
  expect(payload.due).toBeGreaterThanOrEqual(2);
  expect(payload.due).toBe(queue.due);
  expect(payload.body).toBe(`${queue.due} cards are due. Today's goal is not met yet.`);
  // Every instance looks twice a second: still one, later that evening too.
  await sleep(3000);
  moveClockTo(tokyo(1, "21:30:00"));
  await sleep(2000);
  expect(await messages(clientHash)).toHaveLength(1);

  // Day 2: the goal (1 answer) is met before 19:00: no reminder.
  moveClockTo(tokyo(2, "12:00:00"));
  expect((await request.patch(api(a, "/review/settings"), { headers, data: { dailyGoal: 1 } })).status()).toBe(200);
  const event = {
    id: randomUUID(),
    wordId: module3.items[2]?.id,
    at: new Date(tokyo(2, "12:00:00")).toISOString(),
    game: "flashcards",
    outcome: "right",
  };
  expect((await request.post(api(a, "/review/events"), { headers, data: { events: [event] } })).status()).toBe(200);
  moveClockTo(tokyo(2, "19:00:01"));
  await sleep(3000);
  expect(await messages(clientHash)).toHaveLength(1);

  // Day 3: the goal not met, but 19:00 falls in the quiet hours (18:30-21:00): no reminder.
  const quiet = await request.patch(api(a, "/reminders"), {
    headers,
    data: { quietStart: "18:30", quietEnd: "21:00" },
  });
  expect(quiet.status()).toBe(200);
  moveClockTo(tokyo(3, "19:00:01"));
  await sleep(3000);
  expect(await messages(clientHash)).toHaveLength(1);

  // Day 4: no quiet hours; the subscription has expired at the push service: its 410 drops it.
  expect(
    (await request.patch(api(a, "/reminders"), { headers, data: { quietStart: null, quietEnd: null } })).status(),
  ).toBe(200);
  expect((await fetch(`${push}/expire-subscription/${clientHash}`, { method: "POST" })).status).toBe(200);
  moveClockTo(tokyo(4, "19:00:01"));
  await expect
    .poll(
      async () =>
        ((await (await request.get(api(a, "/reminders"), { headers })).json()) as { subscriptions: number })
          .subscriptions,
      { timeout: 20_000 },
    )
    .toBe(0);
  test.info().annotations.push({ type: "instances", description: String(bases.length) });
});
