// Answers that paint at once (issue 29.3): in the review and in two games, at a 4x CPU slowdown (Chromium's DevTools
// throttling), the Event Timing API's duration of each answer's interaction (from the tap or key to the next paint:
// what Interaction to Next Paint reads), and the time from the end of the game's wait to the next question painted
// (the review has no wait: its "Next" button is an interaction of its own). The production build, served as
// `npm start` serves it, for a returning learner with two weeks of answers; with --before, an earlier build too, in the
// same run, one after the other per target. Goal: each answer's feedback <= 100 ms, the next card <= 200 ms.
//
//   npm run inp -w bench [-- --answers 6 --before /tmp/old-dist --trace]
// --trace: the answers are traced, and the long tasks in them printed with the code that ran (bench/trace.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DELAYS_MS } from "@ivrit/core/games/constants";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { buildApp, printSummary, TRACE_CATEGORIES, type TraceEvent } from "./trace.ts";
import { freshDevice, learnerStates, serve } from "./web-pages.ts";

const { values } = parseArgs({
  options: {
    answers: { type: "string", default: "6" },
    before: { type: "string", default: "" },
    trace: { type: "boolean", default: false },
    targets: { type: "string", default: "review,translation match,tense guesser" },
  },
});
const ANSWERS = Number(values.answers);

/** In the page: every event-timing entry (with its interaction), and when each question appeared and was painted. */
function observe(): void {
  type Entry = { interactionId: number; duration: number; name: string; startTime: number };
  type El = { getAttribute(name: string): string | null };
  // The bench is checked without the DOM's types: what it uses of them.
  const g = globalThis as unknown as {
    __events: Entry[];
    __painted: { key: string; at: number }[];
    document: { querySelector(selector: string): El | null };
    PerformanceObserver: new (
      cb: (list: { getEntries(): unknown[] }) => void,
    ) => { observe(options: Record<string, unknown>): void };
    MutationObserver: new (cb: () => void) => { observe(target: unknown, options: Record<string, boolean>): void };
    requestAnimationFrame: (cb: () => void) => void;
    performance: { now(): number };
  };
  g.__events = [];
  g.__painted = [];
  new g.PerformanceObserver((list) => {
    for (const e of list.getEntries() as Entry[])
      if (e.interactionId)
        g.__events.push({ interactionId: e.interactionId, duration: e.duration, name: e.name, startTime: e.startTime });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  // A question is the step's index (games) or the card's word and exercise (review); painted = the frame after it.
  let last = "";
  // Inline callbacks only: a named one would be wrapped in tsx's __name(), which the page does not have.
  new g.MutationObserver(() => {
    const step = g.document.querySelector('[data-testid="step"]');
    const card = g.document.querySelector('[data-testid="review-card"], [data-testid="question"]');
    const word = card?.getAttribute("data-word-id") ?? card?.getAttribute("data-word") ?? "";
    const key = `${step?.getAttribute("data-index") ?? ""}/${word}/${card?.getAttribute("data-exercise") ?? ""}`;
    if (!card || key === last) return;
    last = key;
    g.requestAnimationFrame(() => setTimeout(() => g.__painted.push({ key, at: g.performance.now() }), 0));
  }).observe(g.document, { subtree: true, childList: true, attributes: true });
}

type Target = { name: string; path: string; waitMs: number };

/** The longest event-timing duration of the interaction that started at or after `since` (ms, page clock). */
async function interaction(page: Page, since: number): Promise<number> {
  await new Promise((r) => setTimeout(r, 300)); // the entries arrive after the paint
  return page.evaluate((since) => {
    const events = (globalThis as unknown as { __events: { duration: number; startTime: number }[] }).__events;
    return Math.max(0, ...events.filter((e) => e.startTime >= since).map((e) => e.duration));
  }, since);
}

const now = (page: Page) => page.evaluate(() => performance.now());

async function questionCount(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as { __painted: unknown[] }).__painted.length);
}

/** Past a teaching screen, if one is shown (not measured: no answer). */
async function passTeaching(page: Page): Promise<void> {
  for (const id of ["teach-done"]) {
    const done = await page.$(`[data-testid="${id}"]`);
    if (done) {
      await done.click();
      await page.waitForSelector('[data-testid="options"] button:not([disabled]), [data-testid="typing-input"]');
    }
  }
}

/**
 * Answers the question on screen: its first option, or a typed word. A game asks again after a wrong pick: then the
 * next option, until the right one. Returns when the first answer started and when the right one did (page clock),
 * or null when there was nothing to answer.
 */
async function answer(page: Page, game: boolean): Promise<{ first: number; right: number } | null> {
  await passTeaching(page);
  const input = await page.$('[data-testid="typing-input"]');
  if (input) {
    await input.type("שלום");
    const first = await now(page);
    await page.keyboard.press("Enter");
    return { first, right: first };
  }
  let first = Number.NaN;
  for (let k = 0; k < 4; k++) {
    const options = await page.$$('[data-testid="options"] button');
    const option = options[k];
    if (!option) break;
    const at = await now(page);
    if (Number.isNaN(first)) first = at;
    await option.click();
    if (!game) return { first, right: at };
    const right = await page
      .waitForSelector('[data-testid="feedback"][data-tone="correct"]', { timeout: DELAYS_MS.WRONG_RESET + 1500 })
      .then(() => true)
      .catch(() => false);
    if (right) return { first, right: at };
    // The wrong pick is cleared after its delay: the options can be chosen again.
    await page.waitForSelector('[data-testid="options"] button:not([disabled])', { timeout: 5_000 }).catch(() => null);
  }
  return Number.isNaN(first) ? null : { first, right: first };
}

async function measure(
  browser: Browser,
  origin: string,
  target: Target,
  state: Record<string, string>,
  traced: { title: string; dist: string } | null,
) {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: false });
  await freshDevice(page, origin, state);
  await page.evaluateOnNewDocument(observe);
  await page.goto(`${origin}${target.path}`, { waitUntil: "networkidle0" });
  await page.waitForSelector(
    '[data-testid="review-card"], [data-testid="question"], [data-testid="teach-card"], [data-testid="teach-done"]',
    {
      timeout: 30_000,
    },
  );
  const cdp = await page.createCDPSession();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const feedback: number[] = [];
  const next: number[] = [];
  if (traced) await page.tracing.start({ categories: TRACE_CATEGORIES });
  for (let i = 0; i < ANSWERS; i++) {
    const painted = await questionCount(page);
    const game = target.name !== "review";
    const answered = await answer(page, game);
    if (!answered) break;
    feedback.push(await interaction(page, answered.first));
    if (!game) {
      const button = await page.waitForSelector('[data-testid="review-next"]');
      const at = await now(page);
      await button?.click();
      next.push(await interaction(page, at));
      if (!page.url().includes("/review")) break;
    } else {
      // The next question, painted after the game's wait: its lag past the wait.
      await page
        .waitForFunction(
          (n) => (globalThis as unknown as { __painted: unknown[] }).__painted.length > n,
          { timeout: 15_000 },
          painted,
        )
        .catch(() => null);
      const at = await page.evaluate(
        (n) => (globalThis as unknown as { __painted: { at: number }[] }).__painted[n]?.at ?? Number.NaN,
        painted,
      );
      if (Number.isNaN(at) || /game-over/.test(page.url())) {
        if (Number.isNaN(at)) {
          console.log(`${target.name}: no next question after answer ${i + 1}; screenshot in /tmp/inp-stuck.png`);
          await page.screenshot({ path: "/tmp/inp-stuck.png" });
        }
        break;
      }
      next.push(Math.max(0, at - answered.right - target.waitMs));
    }
  }
  if (traced) {
    const raw = Buffer.from((await page.tracing.stop()) ?? []).toString("utf8");
    printSummary(traced.title, (JSON.parse(raw) as { traceEvents: TraceEvent[] }).traceEvents, traced.dist);
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.close();
  return { feedback, next };
}

const percentile = (xs: number[], p: number) =>
  xs.length
    ? ([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number)
    : Number.NaN;

const dist = mkdtempSync(join(tmpdir(), "ivrit-inp-web-"));
console.log("building the app (production web build with source maps, server bundle)...");
buildApp(dist);
const data = [mkdtempSync(join(tmpdir(), "ivrit-inp-")), mkdtempSync(join(tmpdir(), "ivrit-inp-before-"))];
const servers = [await serve(3720, { DATA_DIR: data[0] as string, WEB_DIST: dist })];
if (values.before) servers.push(await serve(3721, { DATA_DIR: data[1] as string, WEB_DIST: values.before }));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const builds = [{ name: "this build", origin: "http://127.0.0.1:3720" }];
  if (values.before) builds.unshift({ name: "before", origin: "http://127.0.0.1:3721" });
  const rows: Record<string, string | number>[] = [];
  const learners = new Map<string, Awaited<ReturnType<typeof learnerStates>>>();
  for (const b of builds) learners.set(b.origin, await learnerStates(b.origin));
  const module = (learners.get(builds[0]?.origin as string)?.paths ?? [])
    .find((p) => p.startsWith("/game/"))
    ?.split("/")[2];
  const targets: Target[] = [
    { name: "review", path: "/review", waitMs: 0 },
    { name: "translation match", path: `/game/${module}/translation-match`, waitMs: DELAYS_MS.TRANSLATION_NEXT },
    { name: "tense guesser", path: "/game/tense-guesser", waitMs: DELAYS_MS.VERB_NEXT },
  ];
  for (const target of targets.filter((t) => values.targets.split(",").includes(t.name)))
    for (const b of builds) {
      const state = learners.get(b.origin)?.states.returning ?? {};
      const traced = values.trace
        ? { title: `${target.name} answers (${b.name})`, dist: b.name === "before" ? values.before : dist }
        : null;
      const { feedback, next } = await measure(browser, b.origin, target, state, traced);
      rows.push({
        target: target.name,
        build: b.name,
        answers: feedback.length,
        "feedback p50 ms": Math.round(percentile(feedback, 0.5)),
        "feedback worst ms": Math.round(Math.max(...feedback)),
        "next card p50 ms": Math.round(percentile(next, 0.5)),
        "next card worst ms": Math.round(Math.max(...next)),
      });
      console.log(
        `${target.name} (${b.name}): feedback ${feedback.map(Math.round).join(" ")}; next ${next.map(Math.round).join(" ")}`,
      );
    }
  console.log(
    `\nAt a 4x CPU slowdown: feedback = the Event Timing duration of the answer's interaction (input to next paint); next card = ${"review: the Next button's interaction; games: the question painted after the game's wait, minus the wait"}. Goal: feedback <= 100 ms, next card <= 200 ms.`,
  );
  console.table(rows);
} finally {
  await browser.close();
  for (const s of servers) s.kill("SIGTERM");
  for (const d of data) rmSync(d, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
}
