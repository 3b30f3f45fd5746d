// The first run (issue 11.1): a first visit is asked for the language and the level before any module is picked.
import { expect, type Page, test } from "@playwright/test";
import { shoot } from "./games-helpers.ts";
import { apiHeaders, seedUser } from "./helpers.ts";

/** The module ids of every POST /me/active-module the page sends. */
function activeModulePosts(page: Page): number[] {
  const posts: number[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/me/active-module")
      posts.push(Number(req.postDataJSON()?.module_id ?? req.postDataJSON()?.moduleId));
  });
  return posts;
}

test.describe("in a Russian browser", () => {
  test.use({ locale: "ru-RU" });

  test("a first visit sees the choice in the browser's language, saves it and starts where its level should", async ({
    page,
    request,
  }) => {
    const id = await seedUser(page);
    const posts = activeModulePosts(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole("heading", { level: 1, name: "Добро пожаловать в Ivrit" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Русский" })).toBeChecked();
    await page.getByRole("radio", { name: /Я немного знаю иврит/ }).check();
    await page.getByRole("button", { name: "Начать" }).click();
    // Level 2 starts on the first everyday module's translation match (decision 0082), which makes it active.
    await expect(page).toHaveURL(/\/game\/1\/translation-match$/);
    const me = await request.get("/api/me", { headers: apiHeaders(id) });
    expect(await me.json()).toMatchObject({ preferredLanguage: "ru", preferredLevel: 2 });
    await expect.poll(() => posts).toEqual([1]);
  });
});

test("a beginner goes to /beginner; the language chosen becomes the interface language", async ({ page, request }) => {
  const id = await seedUser(page);
  await page.goto("/home");
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole("radio", { name: "العربية" }).check();
  await page.getByRole("radio", { name: /I am new to Hebrew/ }).check();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/beginner$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const me = await request.get("/api/me", { headers: apiHeaders(id) });
  expect(await me.json()).toMatchObject({ preferredLanguage: "ar", preferredLevel: 1 });
});

test("Skip keeps the old behaviour: the chooser with an auto-picked module", async ({ page }) => {
  await seedUser(page);
  await page.goto("/home");
  await page.getByRole("button", { name: "Skip" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(/^Active module: /)).toBeVisible();
  await page.goto("/library");
  await expect(page).toHaveURL(/\/library$/);
});

test("a new learner opening /game/3/translation-match keeps module 3 active", async ({ page, request }) => {
  const id = await seedUser(page);
  const posts = activeModulePosts(page);
  await page.goto("/game/3/translation-match");
  await expect(page.getByTestId("feedback")).toBeAttached();
  await page.waitForLoadState("networkidle");
  expect(posts).toEqual([3]);
  const active = await request.get("/api/me/active-module?language=en", { headers: apiHeaders(id) });
  expect((await active.json()).id).toBe(3);
});

// Issue 24: every level reaches its first question within 3 taps of the first run, on a phone, in English and
// Arabic. A tap is a click on what the screen offers to go on (a game's Start, a lesson's "Got it").
for (const lang of ["en", "ar"] as const) {
  for (const level of [1, 2, 3] as const) {
    test(`level ${level}: a first question within 3 taps of the first run (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await seedUser(page);
      await page.goto("/");
      await expect(page).toHaveURL(/\/welcome$/);
      await page.getByTestId(`welcome-lang-${lang}`).check();
      await page.getByTestId(`welcome-level-${level}`).check();
      await page.getByTestId("welcome-start").click();
      const options = page.getByTestId("options");
      let taps = 0;
      for (; taps <= 3; taps++) {
        // What the screen shows: the question, a lesson before it, or the beginner menu's first Start.
        const next = page
          .getByTestId("lesson-ready")
          .or(page.getByTestId("teach-done"))
          .or(page.getByRole("link", { name: lang === "en" ? "Start" : "ابدأ", exact: true }).first());
        await expect(options.or(next).first()).toBeVisible();
        if (await options.isVisible()) break;
        await next.first().click();
      }
      expect(taps).toBeLessThanOrEqual(3);
      await expect(options.locator("button").first()).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await shoot(page, `first-question-level-${level}-${lang}`);
    });
  }
}
