import { expect, test } from "@playwright/test";
import { expectGameOver, LANGUAGES, newUser, openGame, playQuiz, shoot, stripNikkud } from "./games-helpers.ts";

const rootLetters = (root: string) => stripNikkud(root).replace(/[^\u05D0-\u05EA]/gu, "");

for (const lang of LANGUAGES) {
  test(`root recall plays to /game-over (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang, { profile: true });
    const words = await openGame(page, "/game/root-recall");
    const asked = await playQuiz(
      page,
      async ({ wordId, root }) => {
        const word = await words.get(wordId);
        const entry = word.roots.find((r) => rootLetters(r.root) === rootLetters(root ?? ""));
        expect(entry, `root ${root} on word ${wordId}`).toBeTruthy();
        return entry?.root_translation ?? "";
      },
      {
        onQuestion: async (i) => {
          if (i === 0) await shoot(page, `root-recall-${lang}`);
        },
      },
    );
    await expectGameOver(page, asked);
    await shoot(page, `root-recall-over-${lang}`);
  });

  test(`root tree (Word Explorer): add words, open a card, new root, finish (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/root-tree");
    const card = page.getByTestId("root-card");
    await expect(card).toBeVisible();
    const root = (await card.getAttribute("data-root")) ?? "";
    await expect(page.getByTestId("root-word")).toHaveCount(1);
    const first = await words.get(Number(await page.getByTestId("root-word").first().getAttribute("data-word-id")));
    expect(first.roots.some((r) => rootLetters(r.root) === rootLetters(root))).toBe(true);
    let seen = 1;
    if (await page.getByTestId("add-more").isEnabled()) {
      await page.getByTestId("add-more").click();
      await expect(page.getByTestId("root-word")).toHaveCount(2);
      seen = 2;
    }
    await shoot(page, `root-tree-${lang}`);
    await page.getByTestId("root-word").first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(first.translation);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByTestId("new-root").click();
    await expect(page.getByTestId("root-word")).toHaveCount(1);
    seen += 1;
    await page.getByTestId("finish").click();
    await expectGameOver(page, seen);
    await shoot(page, `root-tree-over-${lang}`);
  });
}
