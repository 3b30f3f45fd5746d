// Dark mode (issue 30.4), phone size, English and Arabic: chosen in Account and kept on the device; "as the device"
// follows the system's preference; every page, the games, the review with its on-screen keyboard, and /progress with
// its charts are drawn dark, and axe finds no serious or critical violation (contrast among them) there. The light
// mode (the default) is checked by a11y.spec.ts; the same pages in light are checked here too for contrast.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PAGES, SAMPLE_RESULTS } from "./fixtures.ts";
import { apiHeaders, seedUser, settle } from "./helpers.ts";

const D = 86_400_000;
const BAT = 2003; // בת: recalled over three months, a typing card (review-typing.spec.ts)
const GAMES = [
  "/game/7/word-search",
  "/game/7/sentence-scramble",
  "/game/7/flashcards",
  "/game/7/tense-guesser",
  "/game/7/root-recall",
  "/game/7/verb-conjugation",
  "/game/root-tree",
];

/** The page's background: dark in dark mode (each channel under 80), white in light. */
async function background(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).slice(0, 3).map(Number),
  );
}

async function axeProblems(page: Page, path: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Light pixels on a canvas (chart labels are near white in dark mode, black in light). */
async function lightPixels(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .locator("canvas")
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext("2d");
      if (!ctx) return 0;
      const { data } = ctx.getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4)
        if ((data[i + 3] ?? 0) > 200 && (data[i] ?? 0) > 200 && (data[i + 1] ?? 0) > 200 && (data[i + 2] ?? 0) > 200)
          n++;
      return n;
    });
}

for (const language of ["en", "ar"] as const) {
  test(`dark mode: chosen in Account, kept, every page drawn dark, axe clean (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const id = await seedUser(page, {
      language,
      level: 3,
      local: { first_run: "done" },
      session: { "ivrit.results": JSON.stringify(SAMPLE_RESULTS) },
    });
    const headers = apiHeaders(id);
    await request.post("/api/me/active-module", { headers, data: { module_id: 7 } });
    // A typing card (for the on-screen keyboard) and some days of reviews (for the charts).
    const now = Date.now();
    const events = [90, 75, 55, 30, 5].map((d, i) => ({
      id: `dark-${i}`,
      wordId: BAT,
      at: new Date(now - d * D).toISOString(),
      game: "review",
      outcome: "right",
    }));
    expect((await request.post("/api/review/events", { headers, data: { events } })).ok()).toBe(true);

    // Light by default.
    await page.goto("/account");
    await settle(page);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(Math.min(...(await background(page)))).toBeGreaterThan(240);
    // Dark, chosen in Account: at once, and after a reload (kept on the device).
    const choice = page.getByTestId("color-scheme");
    await choice.getByText(language === "en" ? "Dark" : "داكن", { exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await page.evaluate(() => localStorage.getItem("color_scheme"))).toBe("dark");
    await page.reload();
    await settle(page);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");

    const problems: string[] = [];
    const pages = [...PAGES.map((p) => p.path), "/progress", ...GAMES];
    for (const path of pages) {
      await page.goto(path);
      await settle(page);
      await page.waitForTimeout(path === "/game-over" ? 2500 : 200);
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
      expect(Math.max(...(await background(page))), path).toBeLessThan(80);
      problems.push(...(await axeProblems(page, path)));
    }

    // The charts on /progress draw their labels light on dark.
    await page.goto("/progress");
    await settle(page);
    await expect(page.getByTestId("chart-reviews").locator("canvas").first()).toBeVisible();
    expect(await lightPixels(page, "chart-reviews")).toBeGreaterThan(20);

    // The review's on-screen keyboard.
    await page.goto(`/review?words=${BAT}`);
    await expect(page.getByTestId("review-card")).toBeVisible({ timeout: 20_000 });
    const key = page.locator('[data-key="ב"]');
    if (!(await key.isVisible())) await page.getByTestId("keyboard-toggle").click();
    await expect(key).toBeVisible();
    expect(Math.max(...(await background(page)))).toBeLessThan(80);
    problems.push(...(await axeProblems(page, "/review (keyboard)")));

    expect(problems, problems.join("\n")).toEqual([]);
  });
}

test("dark mode: 'as the device' follows the system, light stays the default", async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedUser(page, { language: "en", level: 3, local: { first_run: "done", color_scheme: "auto" } });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/home");
  await settle(page);
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  // A device that prefers dark, with no choice made: the SPEC's light.
  const context = await browser.newContext({ colorScheme: "dark", ...(baseURL && { baseURL }) });
  const fresh = await context.newPage();
  await seedUser(fresh, { language: "en", level: 3, local: { first_run: "done" } });
  await fresh.goto("/home");
  await settle(fresh);
  await expect(fresh.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  await context.close();
});
