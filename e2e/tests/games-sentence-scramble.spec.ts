import { expect, test } from "@playwright/test";
import { expectGameOver, LANGUAGES, newUser, openGame, shoot } from "./games-helpers.ts";
import { buildSentence, sentenceTokens } from "./games-scramble.ts";

for (const lang of LANGUAGES) {
  test(`sentence scramble plays to /game-over (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/4/sentence-scramble");
    const step = page.getByTestId("step");
    await expect(step).toBeVisible();
    const count = Number(await step.getAttribute("data-count"));
    for (let i = 0; i < count; i++) {
      await expect(step).toHaveAttribute("data-index", String(i));
      const word = await words.get(Number(await page.getByTestId("question").getAttribute("data-word-id")));
      const tokens = sentenceTokens(word);
      // Take one word back and put it again: the tap-to-take-back path.
      await page
        .getByTestId("bank-tile")
        .filter({ hasText: tokens[0] as string })
        .first()
        .click();
      await page.getByTestId("built-tile").first().click();
      await expect(page.getByTestId("built-tile")).toHaveCount(0);
      await buildSentence(page, tokens, i === 0 ? () => shoot(page, `sentence-scramble-${lang}`) : undefined);
      await page.getByTestId("submit").click();
      await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "correct");
    }
    await page.waitForURL(/\/game-over$/);
    await expectGameOver(page, count);
    await shoot(page, `sentence-scramble-over-${lang}`);
  });
}
