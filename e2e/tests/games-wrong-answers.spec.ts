import { expect, test } from "@playwright/test";
import {
  clickOption,
  expectGameOver,
  LANGUAGES,
  newUser,
  norm,
  openGame,
  passTeaching,
  playQuiz,
  shoot,
  verbAnswer,
} from "./games-helpers.ts";
import { buildSentence, sentenceTokens } from "./games-scramble.ts";

async function wrongOption(page: import("@playwright/test").Page, answer: string): Promise<string> {
  await passTeaching(page);
  const options = await page
    .getByTestId("options")
    .locator("button")
    .evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.option ?? ""));
  const wrong = options.find((o) => norm(o) !== norm(answer));
  expect(wrong).toBeTruthy();
  return wrong as string;
}

for (const lang of LANGUAGES) {
  test(`translation match: a wrong pick shows the answer and moves on (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/6/translation-match");
    const card = page.getByTestId("question");
    const answer = (await words.get(Number(await card.getAttribute("data-word-id")))).translation;
    await clickOption(page, await wrongOption(page, answer));
    await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "wrong");
    await expect(page.getByTestId("feedback")).toContainText(answer.trim());
    await expect(page.locator('[data-testid="options"] button[data-state="wrong"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="options"] button[data-state="answer"]')).toHaveCount(1);
    await shoot(page, `translation-match-wrong-${lang}`);
    await expect(page.getByTestId("step")).toHaveAttribute("data-index", "1");
    const asked = await playQuiz(page, async ({ wordId }) => (await words.get(wordId)).translation);
    await expectGameOver(page, asked + 1);
    await expect(page.locator("main")).toContainText(String(asked));
  });

  test(`verb conjugation: a wrong pick is cleared and can be retried (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/1/verb-conjugation");
    const answer = await verbAnswer(
      page,
      await words.get(Number(await page.getByTestId("question").getAttribute("data-word-id"))),
    );
    const wrong = await wrongOption(page, answer);
    await clickOption(page, wrong);
    await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "wrong");
    await shoot(page, `verb-conjugation-wrong-${lang}`);
    // After 500 ms the pick is cleared; the wrong option stays marked and the question stays.
    await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "");
    await expect(page.getByTestId("step")).toHaveAttribute("data-index", "0");
    await clickOption(page, answer);
    await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "correct");
    await expect(page.getByTestId("step")).toHaveAttribute("data-index", "1");
    await playQuiz(page, async ({ wordId }) => verbAnswer(page, await words.get(wordId)));
    await expect(page).toHaveURL(/\/game-over$/);
  });

  test(`sentence scramble: three wrong tries reveal the answer, Next skips on (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/4/sentence-scramble");
    const step = page.getByTestId("step");
    await expect(step).toBeVisible();
    const count = Number(await step.getAttribute("data-count"));
    const word = await words.get(Number(await page.getByTestId("question").getAttribute("data-word-id")));
    const tokens = sentenceTokens(word);
    const wrongOrder = [...tokens].reverse();
    if (wrongOrder.join("") === tokens.join("")) wrongOrder.push(wrongOrder.shift() as string);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await expect(page.getByTestId("bank-tile")).toHaveCount(tokens.length);
      await buildSentence(page, wrongOrder);
      await page.getByTestId("submit").click();
      await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "wrong");
    }
    await expect(page.getByTestId("revealed")).toBeVisible();
    await expect(page.getByTestId("next")).toBeFocused();
    await shoot(page, `sentence-scramble-revealed-${lang}`);
    await page.keyboard.press("Enter");
    for (let i = 1; i < count; i++) {
      await expect(step).toHaveAttribute("data-index", String(i));
      const w = await words.get(Number(await page.getByTestId("question").getAttribute("data-word-id")));
      await buildSentence(page, sentenceTokens(w));
      await page.getByTestId("submit").click();
      await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "correct");
    }
    await page.waitForURL(/\/game-over$/);
    await expectGameOver(page, count);
    await expect(page.locator("main")).toContainText(String(count - 1));
  });
}
