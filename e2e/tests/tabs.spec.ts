// Two tabs of one learner answering at once (issue 26.8, decision 0085), at phone size in English and Arabic: once
// online, once with the network gone (both tabs keep their answers on the device at the same time). Afterwards the
// server has every answer exactly once, the answers kept offline reach it within seconds of the network's return
// (prints the time), and the /progress page on screen shows them without a reload.
import { randomUUID } from "node:crypto";
import { type BrowserContext, expect, type Page, type Response, test } from "@playwright/test";
import { type ApiWord, collect, LANGUAGES, playQuiz } from "./games-helpers.ts";
import { apiHeaders } from "./helpers.ts";

const GAME = "/game/3/translation-match";

/** A page change inside the app (no new document: the chunks already loaded stay, as they do offline). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((path) => {
    history.pushState(null, "", path);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

async function newTab(context: BrowserContext, stored: string[]) {
  const page = await context.newPage();
  // Every review event the server stored, by id, as its answers say.
  page.on("response", async (r: Response) => {
    if (!r.url().endsWith("/api/review/events") || r.request().method() !== "POST" || !r.ok()) return;
    const body = (await r.json()) as { results: { id: string; status: string }[] };
    for (const e of body.results) if (e.status === "stored") stored.push(e.id);
  });
  const words = collect<ApiWord>(page, "/api/words?");
  return { page, words };
}

async function openGame(page: Page): Promise<void> {
  await go(page, GAME);
  await expect(page.getByTestId("step")).toBeVisible();
}

/** The goal card's first number (today's answers), in any of the app's languages. */
const firstNumber = (n: number) => new RegExp(`^\\D*${n}\\D`);

for (const lang of LANGUAGES)
  test(`two tabs answering at once: every answer stored once, the offline ones sent at once when back online (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const user = randomUUID();
    const headers = apiHeaders(user);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: lang === "ar" ? "ar" : "en-US",
    });
    await context.addInitScript(
      ({ user, lang }) => {
        if (localStorage.getItem("anon_user_id")) return;
        localStorage.setItem("anon_user_id", user);
        localStorage.setItem("language", lang);
        localStorage.setItem("level_id", "3");
      },
      { user, lang },
    );
    const reviews = async () =>
      (
        (await (await request.get("/api/review/progress?language=en", { headers })).json()) as {
          today: { reviews: number };
        }
      ).today.reviews;
    try {
      const stored: string[] = [];
      const a = await newTab(context, stored);
      const b = await newTab(context, stored);
      // Tab A shows /progress first (so its page is at hand offline), tab B the home page.
      await a.page.goto("/progress");
      await expect(a.page.getByTestId("progress-goal")).toHaveText(firstNumber(0));
      await b.page.goto("/home");
      // The app is on screen (its router listens): page changes from here on are the app's own.
      await expect(b.page.locator("main h1")).toBeVisible();
      const play = (tab: { page: Page; words: typeof a.words }) =>
        playQuiz(tab.page, async ({ wordId }) => ((await tab.words.get(wordId)) as ApiWord).translation);

      // 1. Online, both tabs play to the end at the same time.
      await Promise.all([openGame(a.page), openGame(b.page)]);
      const online = (await Promise.all([play(a), play(b)])).reduce((x, y) => x + y, 0);
      await expect.poll(reviews, { timeout: 15_000 }).toBe(online);

      // 2. The network goes; both tabs play again at the same time, their answers kept on the device.
      await Promise.all([openGame(a.page), openGame(b.page)]);
      await context.setOffline(true);
      const offline = (await Promise.all([play(a), play(b)])).reduce((x, y) => x + y, 0);
      // Long enough offline for the retries to back off (2, 4, 8, 16 s) as a learner's phone would have.
      await a.page.waitForTimeout(12_000);
      expect(
        await a.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("ivrit.pendingPosts"))),
      ).not.toEqual([]);
      await go(a.page, "/progress");
      await expect(a.page.getByTestId("progress-goal")).toBeVisible();

      // 3. The network returns: the server has every answer at once, and the page on screen shows them.
      const total = online + offline;
      const t0 = Date.now();
      await context.setOffline(false);
      await expect.poll(reviews, { intervals: [100], timeout: 20_000 }).toBe(total);
      const storedMs = Date.now() - t0;
      console.log(
        `[tabs ${lang}] ${offline} answers kept offline in two tabs: on the server ${storedMs} ms after the network returned`,
      );
      await expect(a.page.getByTestId("progress-goal")).toHaveText(firstNumber(total), { timeout: 20_000 });
      console.log(`[tabs ${lang}] and on the /progress page on screen ${Date.now() - t0} ms after`);
      expect(storedMs).toBeLessThan(5_000);
      // Each answer once: as many stored events as answers, no id twice, and nothing left on the device.
      expect(stored).toHaveLength(total);
      expect(new Set(stored).size).toBe(total);
      await expect
        .poll(() =>
          a.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("ivrit.pendingPosts")).length),
        )
        .toBe(0);
    } finally {
      await context.close();
    }
  });
