// The honest learning loop (issue 24), as a learner lives it over three days on a phone, in English and Arabic.
// The server runs in its own process under libfaketime (Debian's faketime): its clock is moved a day at a time by
// the file the test writes, never by a setting a production server reads; the browser's clock moves with it.
// Each day the learner does the review session: new words are taught before they are asked, the session offers
// enough cards to meet the goal (new words when the due ones run out), and home and /progress show the goal met
// and the streak growing to 3.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReviewCard } from "@ivrit/core/schemas/review";
import { expect, type Page, test } from "@playwright/test";
import { LANGUAGES, passReviewTeaching, shoot } from "./games-helpers.ts";
import { apiHeaders, seedUser } from "./helpers.ts";
import { answerRight } from "./review-helpers.ts";

const FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DAY = 86_400_000;
const GOAL = 8;

type Item = ReviewCard;

test.skip(!existsSync(FAKETIME), "needs Debian's faketime (scripts/ensure-debian.mjs installs it)");
test.describe.configure({ mode: "serial" });

let server: ChildProcess | null = null;
let dataDir = "";
let clockFile = "";
let base = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), "ivrit-loop-data-"));
  clockFile = join(dataDir, "..", `${dataDir.split("/").pop()}-clock`);
  writeFileSync(clockFile, "+0d\n");
  const port = 4300 + (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 50);
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server/dist/start.js"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST: process.env.E2E_WEB_DIST,
      RATE_LIMIT_MAX: "100000",
      LOG_LEVEL: "warn",
      VITE_CHECK_API: "1",
      // The wall clock only: timers (the monotonic clock) run as usual. The file is read at every call.
      LD_PRELOAD: FAKETIME,
      FAKETIME_TIMESTAMP_FILE: clockFile,
      FAKETIME_NO_CACHE: "1",
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    },
  });
  let stderr = "";
  server.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`server exited: ${stderr}`);
        return fetch(`${base}/api/health`)
          .then((r) => r.status)
          .catch(() => 0);
      },
      { timeout: 200_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise((resolve) => (server?.exitCode !== null ? resolve(null) : server?.once("exit", resolve)));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(clockFile, { force: true });
});

/** Screenshots at both sizes (games-helpers' shoot), then back to the phone. */
async function phoneShot(page: Page, name: string) {
  await shoot(page, `learning-loop-${name}-${await page.locator("html").getAttribute("lang")}`);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Moves the server's clock and the page's to `day` days from now (real time). */
async function moveTo(page: Page, day: number) {
  writeFileSync(clockFile, `+${day}d\n`);
  await page.clock.setSystemTime(Date.now() + day * DAY);
}

/** Does today's review session, every answer right; answers how many cards were taught first. */
async function doSession(page: Page): Promise<{ cards: number; taught: number }> {
  const session = page.waitForResponse((r) => r.url().includes("/api/review/session") && r.ok());
  await page.goto(`${base}/review`);
  const items = ((await (await session).json()) as { items: Item[] }).items;
  const byId = new Map(items.map((i) => [i.wordId, i]));
  let taught = 0;
  for (let i = 0; i < items.length; i++) {
    const card = page.getByTestId("review-card");
    await expect(page.getByTestId("teach-card").or(card)).toBeVisible();
    if (taught === 0 && (await page.getByTestId("teach-card").isVisible())) await phoneShot(page, "teach");
    if (await passReviewTeaching(page)) taught++;
    await expect(page.getByTestId("review-step")).toHaveAttribute("data-index", String(i));
    const item = byId.get(Number(await card.getAttribute("data-word"))) as Item;
    await answerRight(page, item);
    await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "true");
    await page.getByTestId("review-next").press("Enter");
  }
  await expect(page.getByTestId("review-done")).toBeVisible();
  return { cards: items.length, taught };
}

for (const lang of LANGUAGES) {
  test(`learning loop: taught before asked, the goal met by the review three days in a row, a streak of 3 (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await seedUser(page, { language: lang, level: 3 });
    const headers = apiHeaders(user);
    await page.clock.install({ time: Date.now() });
    // A small goal and daily limit keep the test short: 4 new words a day, a goal of 8 answers.
    const settings = await fetch(`${base}/api/review/settings`, {
      method: "PATCH",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ dailyGoal: GOAL, dailyNewLimit: 4 }),
    });
    expect(settings.status).toBe(200);

    for (let day = 0; day < 3; day++) {
      await moveTo(page, day);
      const { cards, taught } = await doSession(page);
      // Enough cards to meet the goal: on day 0 that is 4 new words within the limit and 4 more for the goal.
      expect(cards).toBeGreaterThanOrEqual(GOAL);
      if (day === 0) expect(taught).toBe(cards);
      // The session's last answers may reach the server through the post queue a few seconds later (a retry after
      // 4 s); the goal shown is read again once they are stored (issue 26.8's answers-sent refresh).
      await expect(page.getByTestId("today-goal")).toHaveAttribute("data-streak", String(day + 1), { timeout: 30_000 });
      await page.goto(`${base}/home`);
      const goal = page.getByTestId("today-goal");
      await expect(goal).toHaveAttribute("data-streak", String(day + 1), { timeout: 30_000 });
      expect(Number(await goal.getAttribute("data-reviews"))).toBeGreaterThanOrEqual(GOAL);
    }
    await phoneShot(page, "home");
    await page.goto(`${base}/progress`);
    await expect(page.getByTestId("progress-streak")).toHaveAttribute("data-streak", "3");
    if (lang === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await phoneShot(page, "progress");
  });
}
