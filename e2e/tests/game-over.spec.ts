import { expect, type Page, test } from "@playwright/test";
import { SAMPLE_RESULTS } from "./fixtures.ts";
import { seedUser } from "./helpers.ts";

/** The painted pixels of the confetti canvas. */
function confettiPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="confetti"]');
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx || canvas.width === 0) return 0;
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
    return painted;
  });
}

test("the game-over page shows its practised items, each opening a word card", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3, session: { "ivrit.results": JSON.stringify(SAMPLE_RESULTS) } });
  await page.goto("/game-over");
  // 4 of 5: praise by score (issue 24.4).
  await expect(page.getByRole("heading", { level: 1, name: "Great work!" })).toBeVisible();
  await expect(page.getByText("4 of 5 correct")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Vocabulary you practised" })).toBeVisible();
  const items = page.getByTestId("practised-item");
  await expect(items).toHaveCount(4);
  await expect(items.nth(1)).toContainText("dog");
  await items.nth(1).click();
  const card = page.getByRole("dialog", { name: "Word card" });
  await expect(card).toBeVisible();
  await expect(card.locator('[lang="he"]').first()).toHaveText("כֶּלֶב");
  await card.getByRole("button", { name: "Close" }).last().click();
  await expect(card).toBeHidden();
  // The root item shows its root and meaning.
  await expect(items.nth(3)).toContainText("life, living");
  await expect(page.locator("canvas")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Back home" })).toHaveAttribute("href", "/home");
});

test("the home button goes to /beginner for level 1", async ({ page }) => {
  await seedUser(page, { language: "en", level: 1, session: { "ivrit.results": JSON.stringify(SAMPLE_RESULTS) } });
  await page.goto("/game-over");
  await expect(page.getByRole("link", { name: "Back home" })).toHaveAttribute("href", "/beginner");
});

test("the confetti draws pixels under the content security policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await seedUser(page, { language: "en", level: 3, session: { "ivrit.results": JSON.stringify(SAMPLE_RESULTS) } });
  await page.goto("/game-over");
  await expect(page.getByRole("heading", { level: 1, name: "Great work!" })).toBeVisible();
  // Counts the painted pixels of the confetti canvas until some appear (the pieces fall for a few seconds).
  await expect.poll(() => confettiPixels(page), { timeout: 5_000, intervals: [100, 200, 300] }).toBeGreaterThan(200);
  expect(violations).toEqual([]);
});

test("a practised word's card shows the whole word: transliteration, category, root and example", async ({ page }) => {
  const results = {
    ...SAMPLE_RESULTS,
    learnedWords: [{ id: 3017, hebrew: "רעב", word_with_nikkud: "רָעֵב", translation: "hungry" }],
    learnedRoots: [],
  };
  await seedUser(page, { language: "en", level: 3, session: { "ivrit.results": JSON.stringify(results) } });
  await page.goto("/game-over");
  await page.getByTestId("practised-item").first().click();
  const card = page.getByRole("dialog", { name: "Word card" });
  await expect(card.locator('[lang="he"]', { hasText: "אֲנִי רָעֵב מְאוֹד" })).toBeVisible();
  await expect(card).toContainText("I’m very hungry");
  await expect(card).not.toContainText("No example sentence yet.");
  await expect(card).toContainText("ra-'EV");
  await expect(card.getByText("Root", { exact: true })).toBeVisible();
  await expect(card.getByText("ר-ע-ב", { exact: true })).toBeVisible();
});

test("0 of 5 is encouraged, not celebrated: no confetti, no trophy (issue 24.4)", async ({ page }) => {
  const results = { ...SAMPLE_RESULTS, correct: 0 };
  await seedUser(page, { language: "en", level: 3, session: { "ivrit.results": JSON.stringify(results) } });
  await page.goto("/game-over");
  await expect(page.getByRole("heading", { level: 1, name: "Keep going!" })).toBeVisible();
  await expect(page.getByTestId("round-summary")).toContainText("0 of 5 correct");
  await expect(page.getByTestId("round-summary")).toContainText("will come back in your review");
  await page.waitForTimeout(1_500); // the confetti would have started by now
  expect(await confettiPixels(page)).toBe(0);
});
