// Issue 12.5: results that help. The game-over list marks the answers that were wrong; flashcards claim no score;
// a round where nothing was asked is not celebrated; focus moves to the results heading and the result is a
// status line. After an answer, the word's transliteration and audio button appear.
import { expect, test } from "@playwright/test";
import { type ApiWord, clickOption, LANGUAGES, newUser, norm, openGame, shoot } from "./games-helpers.ts";
import { seedUser } from "./helpers.ts";

for (const lang of LANGUAGES) {
  test(`game-over marks the missed item of a translation match (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/3/translation-match");
    const step = page.getByTestId("step");
    await expect(step).toBeVisible();
    const count = Number(await step.getAttribute("data-count"));
    let missed: ApiWord | null = null;
    for (let i = 0; i < count; i++) {
      await expect(step).toHaveAttribute("data-index", String(i));
      const word = await words.get(Number(await page.getByTestId("question").getAttribute("data-word-id")));
      if (i === 0) {
        // The first question answered wrong.
        const options = await page
          .getByTestId("options")
          .locator("button")
          .evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.option ?? ""));
        const wrong = options.find((o) => norm(o) !== norm(word.translation)) ?? "";
        await clickOption(page, wrong);
        await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "wrong");
        missed = word;
      } else {
        await clickOption(page, word.translation);
        await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "correct");
      }
      // After the answer: the word's audio button (and its transliteration where it has one).
      await expect(page.getByTestId("answer-reveal")).toBeVisible();
      await expect(page.getByTestId("answer-reveal").getByRole("button")).toBeVisible();
      if (i === 1) await shoot(page, `translation-match-answered-${lang}`);
    }
    await page.waitForURL(/\/game-over$/);
    await expect(page.locator("main h1")).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: `${count - 1}` })).toBeVisible();
    const items = page.getByTestId("practised-item");
    await expect(items).toHaveCount(count);
    const wrongItems = page.locator('[data-testid="practised-item"][data-outcome="wrong"]');
    await expect(wrongItems).toHaveCount(1);
    await expect(wrongItems.first()).toContainText(missed?.translation ?? "?");
    await expect(page.locator('[data-testid="practised-item"][data-outcome="correct"]')).toHaveCount(count - 1);
    await shoot(page, `game-over-missed-${lang}`);
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
