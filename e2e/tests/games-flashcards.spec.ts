import { expect, test } from "@playwright/test";
import { expectGameOver, LANGUAGES, newUser, openGame, shoot } from "./games-helpers.ts";

for (const lang of LANGUAGES) {
  test(`flashcards: cyclic deck, translation toggle, finish (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/5/flashcards");
    const card = page.getByTestId("question");
    await expect(card).toBeVisible();
    const word = await words.get(Number(await card.getAttribute("data-word-id")));
    await expect(page.getByTestId("card-translation")).toHaveText(word.translation.trim());
    await page.getByTestId("toggle-translation").click();
    await expect(page.getByTestId("card-translation")).not.toContainText(word.translation.trim());
    await page.getByTestId("toggle-translation").click();
    await expect(page.getByTestId("card-translation")).toHaveText(word.translation.trim());
    await shoot(page, `flashcards-${lang}`);
    for (let i = 0; i < 3; i++) await page.getByTestId("next").click();
    await page.getByTestId("previous").click();
    // Cyclic: previous from the first card is the last.
    await page.getByTestId("previous").click();
    await page.getByTestId("previous").click();
    await page.getByTestId("previous").click();
    const last = await words.get(Number(await card.getAttribute("data-word-id")));
    await expect(page.getByTestId("card-translation")).toHaveText(last.translation.trim());
    await page.getByTestId("finish").click();
    await expectGameOver(page, 5);
    await shoot(page, `flashcards-over-${lang}`);
  });
}

test("flashcards without a module prompt to choose one", async ({ page, request }) => {
  await newUser(page, request, "en");
  await page.addInitScript(() => localStorage.setItem("module_auto_picked", "1"));
  await page.goto("/game/flashcards");
  await expect(page.getByTestId("no-module")).toBeVisible();
  await page.getByTestId("no-module").getByRole("link").click();
  await expect(page).toHaveURL(/\/words$/);
});
