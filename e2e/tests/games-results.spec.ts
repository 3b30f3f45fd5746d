// Issue 12.5: results that help. The game-over list marks the answers that were wrong; flashcards claim no score;
// a round where nothing was asked is not celebrated; focus moves to the results heading and the result is a
// status line. After an answer, the word's transliteration and audio button appear.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { type ApiWord, clickOption, LANGUAGES, newUser, norm, openGame, passTeaching, shoot } from "./games-helpers.ts";
import { seedUser } from "./helpers.ts";

for (const lang of LANGUAGES) {
  test(`game-over marks the missed item of a translation match (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    // Counts the answer reveals (transliteration and audio button) that appear: each shows for 1200 ms only, which
    // a loaded machine can miss between two checks.
    await page.addInitScript(() => {
      const seen = new WeakSet<Element>();
      const w = window as unknown as { reveals: number };
      w.reveals = 0;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[data-testid="answer-reveal"]')) {
          if (seen.has(el) || !el.querySelector("button")) continue;
          seen.add(el);
          w.reveals++;
        }
      }).observe(document, { subtree: true, childList: true });
    });
    const words = await openGame(page, "/game/3/translation-match");
    const step = page.getByTestId("step");
    await expect(step).toBeVisible();
    const count = Number(await step.getAttribute("data-count"));
    let missed: ApiWord | null = null;
    for (let i = 0; i < count; i++) {
      await expect(step).toHaveAttribute("data-index", String(i));
      const word = await words.get(Number(await page.getByTestId("question").getAttribute("data-word-id")));
      if (i === 0) {
        // The first question answered wrong (past its teaching: a new word is taught first).
        await passTeaching(page);
        const options = await page
          .getByTestId("options")
          .locator("button")
          .evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.option ?? ""));
        await clickOption(page, options.find((o) => norm(o) !== norm(word.translation)) ?? "");
        missed = word;
      } else {
        await clickOption(page, word.translation);
      }
      if (i === 1) await shoot(page, `translation-match-answered-${lang}`);
      if (i + 1 < count) await expect(step).toHaveAttribute("data-index", String(i + 1));
    }
    await page.waitForURL(/\/game-over$/);
    expect(await page.evaluate(() => (window as unknown as { reveals: number }).reveals)).toBe(count);
    await expect(page.locator("main h1")).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: `${count - 1}` })).toBeVisible();
    const items = page.getByTestId("practised-item");
    await expect(items).toHaveCount(count);
    const wrongItems = page.locator('[data-testid="practised-item"][data-outcome="wrong"]');
    await expect(wrongItems).toHaveCount(1);
    await expect(wrongItems.first()).toContainText(missed?.translation ?? "?");
    await expect(page.locator('[data-testid="practised-item"][data-outcome="correct"]')).toHaveCount(count - 1);
    await shoot(page, `game-over-missed-${lang}`);
    // The marks read well: no serious or critical axe finding on the results.
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("flashcards claim no score at game-over", async ({ page, request }) => {
  await newUser(page, request, "en");
  await openGame(page, "/game/3/flashcards");
  await page.getByTestId("next").click();
  await page.getByTestId("finish").click();
  await page.waitForURL(/\/game-over$/);
  await expect(page.getByTestId("round-summary")).toHaveText(/You looked at \d+ items?\./);
  await expect(page.locator("main")).not.toContainText("correct");
  await expect(page.locator("[data-outcome]")).toHaveCount(0);
});

test("a round where nothing was asked is not celebrated", async ({ page }) => {
  const skipped = {
    gameType: "rootRecall",
    correct: 0,
    total: 0,
    learnedWords: [],
    learnedRoots: [],
    skippedLast: true,
  };
  await seedUser(page, { language: "en", level: 3, session: { "ivrit.results": JSON.stringify(skipped) } });
  await page.goto("/game-over");
  await expect(page.locator("main h1")).toHaveText("Round over");
  await expect(page.locator("main h1")).toBeFocused();
  await expect(page.locator("main")).not.toContainText("Well done");
  await expect(page.locator("main")).not.toContainText("0 of 0");
  await expect(page.getByRole("status").filter({ hasText: "No question was asked" })).toBeVisible();
  await shoot(page, "game-over-nothing-asked-en");
});
