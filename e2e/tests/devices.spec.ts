// The learner behind the devices (issue 26), as a learner does it at phone size, in English and Arabic: learn on
// device A, link device B by the code A shows (typed on B's welcome page), B's /progress shows A's answers and
// streak; answer on B, A shows it after a reload; B's storage cleared, the recovery code A made brings it back.
import { randomUUID } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { type ApiWord, collect, LANGUAGES, playQuiz, shoot } from "./games-helpers.ts";
import { apiHeaders } from "./helpers.ts";

const PHONE = { width: 390, height: 844 };
const GAME = "/game/3/translation-match";

async function device(browser: Browser, lang: string, seeded: boolean) {
  const context = await browser.newContext({ viewport: PHONE, locale: lang === "ar" ? "ar" : "en-US" });
  const id = randomUUID();
  if (seeded)
    await context.addInitScript(
      ({ id, lang }) => {
        if (localStorage.getItem("anon_user_id")) return;
        localStorage.setItem("anon_user_id", id);
        localStorage.setItem("language", lang);
        localStorage.setItem("level_id", "3");
      },
      { id, lang },
    );
  const page = await context.newPage();
  return { context, page, id };
}

/** Plays translation match to its end, every answer right; answers how many answers it gave. */
async function learn(page: Page): Promise<number> {
  const words = collect<ApiWord>(page, "/api/words?");
  await page.goto(GAME);
  return playQuiz(page, async ({ wordId }) => ((await words.get(wordId)) as ApiWord).translation);
}

const answers = async (request: APIRequestContext, id: string) =>
  (
    (await (await request.get("/api/review/progress?language=en", { headers: apiHeaders(id) })).json()) as {
      today: { reviews: number };
    }
  ).today.reviews;

/** Types a code on /welcome (a device with nothing stored) and follows the preview to the link. */
async function continueOnWelcome(page: Page, code: string, expectPreview: boolean) {
  await page.goto("/welcome");
  await page.getByTestId("welcome-continue").click();
  await page.getByTestId("code-input").fill(code);
  await page.getByTestId("code-submit").click();
  if (expectPreview) {
    await expect(page.getByTestId("code-preview")).toBeVisible();
    await page.getByTestId("code-submit").click();
  }
  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
}

for (const lang of LANGUAGES) {
  test(`link a second device by its code, answer on both, recover after clearing storage (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const a = await device(browser, lang, true);
    const b = await device(browser, lang, false);
    try {
      // 1. Learn on A, with a goal one game meets: A has a streak of 1 to carry over.
      const goal = await request.patch("/api/review/settings", { headers: apiHeaders(a.id), data: { dailyGoal: 3 } });
      expect(goal.ok()).toBe(true);
      const first = await learn(a.page);
      await expect.poll(() => answers(request, a.id), { timeout: 15_000 }).toBe(first);
      expect(await streakOf(request, a.id)).toBe(1);

      // 2. A shows a link code (and its QR code) in Account.
      await a.page.goto("/account");
      await a.page.getByTestId("link-show").click();
      const code = (await a.page.getByTestId("link-code").textContent())?.trim() ?? "";
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await expect(a.page.getByTestId("link-qr")).toBeVisible();
      await shoot(a.page, `devices-code-${lang}`);
      await a.page.keyboard.press("Escape");

      // 3. B, a fresh browser, continues from its welcome page with that code.
      await continueOnWelcome(b.page, code, true);
      const bId = await b.page.evaluate(() => localStorage.getItem("anon_user_id"));
      expect(bId).toBeTruthy();
      expect(bId).not.toBe(a.id);
      await b.page.goto("/progress");
      await expect(b.page.getByTestId("progress-goal")).toContainText(String(first));
      await expect(b.page.getByTestId("progress-streak")).toHaveAttribute("data-streak", "1");
      await shoot(b.page, `devices-progress-b-${lang}`);

      // 4. Answer on B: A shows it after a reload.
      const second = await learn(b.page);
      await expect.poll(() => answers(request, a.id), { timeout: 15_000 }).toBe(first + second);
      await a.page.goto("/progress");
      // A reload that folds the other device's answers first: on a loaded CI machine (two workers, load 12-16) this
      // page was twice still loading after 10 s, though alone it shows in about a second (cause not found: see the
      // session note of issue 28/32); 30 s keeps the test about what it shows, not the machine's load.
      await expect(a.page.getByTestId("progress-goal")).toContainText(String(first + second), { timeout: 30_000 });

      // 5. A makes a recovery code; B loses its storage and gets everything back with it.
      await a.page.goto("/account");
      await a.page.getByTestId("recovery-make").click();
      const recovery = (await a.page.getByTestId("recovery-code").textContent())?.trim() ?? "";
      expect(recovery).toMatch(/^([0-9A-Z]{4}-){4}[0-9A-Z]{4}$/);
      await shoot(a.page, `devices-recovery-${lang}`);
      await b.page.evaluate(() => localStorage.clear());
      await b.context.clearCookies();
      await continueOnWelcome(b.page, recovery, false);
      await b.page.goto("/progress");
      await expect(b.page.getByTestId("progress-goal")).toContainText(String(first + second));

      // A lists the devices: A, B, and B after its storage was cleared.
      await a.page.goto("/account");
      await expect(a.page.getByTestId("devices").locator("li")).toHaveCount(3);
      await expect(a.page.getByTestId("linked-devices")).toContainText("3");
      await shoot(a.page, `devices-account-${lang}`);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
}

async function streakOf(request: APIRequestContext, id: string): Promise<number> {
  const res = await request.get("/api/review/progress?language=en", { headers: apiHeaders(id) });
  return ((await res.json()) as { streak: number }).streak;
}
