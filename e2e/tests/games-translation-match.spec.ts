import { expect, test } from "@playwright/test";
import { type ApiWord, expectGameOver, LANGUAGES, newUser, openGame, playQuiz, shoot } from "./games-helpers.ts";

for (const lang of LANGUAGES) {
  test(`translation match plays to /game-over (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const activeModule = page.waitForRequest((r) => r.url().endsWith("/api/me/active-module") && r.method() === "POST");
    const plays: unknown[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/game/play") && r.method() === "POST") plays.push(r.postDataJSON());
    });
    const words = await openGame(page, "/game/3/translation-match");
    expect((await activeModule).postDataJSON()).toEqual({ module_id: 3 });
    const asked = await playQuiz(page, async ({ wordId }) => ((await words.get(wordId)) as ApiWord).translation, {
      onQuestion: async (i) => {
        if (i === 1) await shoot(page, `translation-match-${lang}`);
      },
    });
    await expectGameOver(page, asked);
    await expect(page.locator("main")).toContainText(`${asked}`);
    await shoot(page, `translation-match-over-${lang}`);
    expect(plays).toHaveLength(1);
    expect(plays[0]).toMatchObject({ gameName: "translation_match", language: lang, moduleId: 3, platform: "web" });
  });
}
