import { expect, test } from "@playwright/test";
import { displayHebrew, expectGameOver, LANGUAGES, newUser, openGame, playQuiz, shoot } from "./games-helpers.ts";

const TENSES = ["present", "past", "future", "infinitive"];

for (const lang of LANGUAGES) {
  test(`verb conjugation plays to /game-over (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/1/verb-conjugation");
    const asked = await playQuiz(page, async ({ wordId }) => displayHebrew(await words.get(wordId)), {
      onQuestion: async (i) => {
        if (i === 0) await shoot(page, `verb-conjugation-${lang}`);
      },
    });
    await expectGameOver(page, asked);
    await shoot(page, `verb-conjugation-over-${lang}`);
  });

  test(`tense guesser plays to /game-over (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/1/tense-guesser");
    const asked = await playQuiz(
      page,
      async ({ wordId }) => {
        const tense = ((await words.get(wordId)).tense ?? "").trim().toLowerCase();
        expect(TENSES).toContain(tense);
        return tense;
      },
      {
        onQuestion: async (i) => {
          if (i === 0) await shoot(page, `tense-guesser-${lang}`);
        },
      },
    );
    await expectGameOver(page, asked);
    await shoot(page, `tense-guesser-over-${lang}`);
  });
}
