import { expect, test } from "@playwright/test";
import { collect, expectGameOver, LANGUAGES, newUser, playQuiz, shoot } from "./games-helpers.ts";

const GAMES = [
  { game: "letters", api: "/api/beginner/letters?", answer: (i: Record<string, string>) => i.name },
  {
    game: "letter-vowel",
    api: "/api/beginner/letter-vowel?",
    answer: (i: Record<string, string>) => i.transliteration,
  },
  { game: "words", api: "/api/beginner/words?", answer: (i: Record<string, string>) => i.translation },
] as const;

for (const lang of LANGUAGES) {
  for (const { game, api, answer } of GAMES) {
    test(`beginner ${game} plays to /game-over (${lang})`, async ({ page, request }) => {
      await newUser(page, request, lang, { level: 1 });
      const items = collect<{ id: number } & Record<string, string>>(page, api);
      const first = page.waitForResponse((r) => r.url().includes(api));
      await page.goto(`/beginner/${game}`);
      expect((await first).ok()).toBe(true);
      const asked = await playQuiz(
        page,
        async ({ itemId }) => answer((await items.get(itemId)) as Record<string, string>) ?? "",
        {
          onQuestion: async (i) => {
            if (i === 0) await shoot(page, `beginner-${game}-${lang}`);
          },
        },
      );
      await expectGameOver(page, asked);
      await shoot(page, `beginner-${game}-over-${lang}`);
      await page.getByRole("link", { name: /./ }).last().waitFor();
    });
  }
}
