// The beginner games to /game-over in English and Arabic, at phone size. Teach, then test (issue 24): each item is
// shown first (a letter with its name in the learner's language, never a Latin one in Arabic), then asked about;
// a recording that says the answer is not offered before it is found; a new word shows its transliteration.
import { expect, type Page, test } from "@playwright/test";
import { clickOption, collect, expectGameOver, LANGUAGES, newUser, shoot } from "./games-helpers.ts";

type Item = { id: number } & Record<string, string>;
/** A letter's name in the learner's language: its description opens with it ("ألف: …"). */
const letterName = (i: Item): string => i.description?.split(":")[0]?.trim() || i.name || "";

const GAMES = [
  { game: "letters", api: "/api/beginner/letters?", answer: letterName },
  {
    game: "letter-vowel",
    api: "/api/beginner/letter-vowel?",
    answer: (i: Item) => i.transliteration,
  },
  { game: "words", api: "/api/beginner/words?", answer: (i: Item) => i.translation },
] as const;

async function playTaught(page: Page, lang: string, game: string, answerOf: (id: number) => Promise<string>) {
  const step = page.getByTestId("step");
  await expect(step).toBeVisible();
  const count = Number(await step.getAttribute("data-count"));
  for (let i = 0; i < count; i++) {
    await expect(step).toHaveAttribute("data-index", String(i));
    // Taught first: the lesson, and no question yet.
    const lesson = page.getByTestId("lesson");
    await expect(lesson).toBeVisible();
    await expect(page.getByTestId("options")).toHaveCount(0);
    const id = Number(await lesson.getAttribute("data-item-id"));
    const answer = await answerOf(id);
    await expect(lesson.getByTestId("lesson-title")).toHaveText(answer);
    if (i === 0) await shoot(page, `beginner-${game}-lesson-${lang}`);
    await page.getByTestId("lesson-ready").click();
    // Then asked, about the same item.
    await expect(page.getByTestId("question")).toHaveAttribute("data-item-id", String(id));
    if (i === 0) await shoot(page, `beginner-${game}-${lang}`);
    await clickOption(page, answer);
    if (i + 1 < count) await expect(step).toHaveAttribute("data-index", String(i + 1));
  }
  await page.waitForURL(/\/game-over$/);
  return count;
}

for (const lang of LANGUAGES) {
  for (const { game, api, answer } of GAMES) {
    test(`beginner ${game}: taught, then asked, to /game-over (${lang})`, async ({ page, request }) => {
      await newUser(page, request, lang, { level: 1 });
      await page.setViewportSize({ width: 390, height: 844 });
      const items = collect<Item>(page, api);
      const first = page.waitForResponse((r) => r.url().includes(api));
      await page.goto(`/beginner/${game}`);
      expect((await first).ok()).toBe(true);
      if (game === "letters") {
        const all = await items.all();
        // Arabic learners meet the letters by their Arabic names, not "MEM so-FIT".
        if (lang === "ar") expect(all.every((l) => !/[A-Za-z]/.test(letterName(l)))).toBe(true);
      }
      const asked = await playTaught(page, lang, game, async (id) => answer(await items.get(id)) ?? "");
      await expectGameOver(page, asked);
      await shoot(page, `beginner-${game}-over-${lang}`);
    });
  }
}

test("beginner letters: the question offers no recording of the answer until it is found; words show their transliteration", async ({
  page,
  request,
}) => {
  await newUser(page, request, "en", { level: 1 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/beginner/letters");
  await page.getByTestId("lesson-ready").click();
  const question = page.getByTestId("question");
  await expect(question).toBeVisible();
  await expect(question.getByRole("button", { name: "Play pronunciation" })).toHaveCount(0);
  const words = collect<Item>(page, "/api/beginner/words?");
  await page.goto("/beginner/words");
  const lesson = page.getByTestId("lesson");
  const word = await words.get(Number(await lesson.getAttribute("data-item-id")));
  await expect(lesson.getByTestId("lesson-translit")).toHaveText(word.transliteration as string);
  await page.getByTestId("lesson-ready").click();
  await expect(page.getByTestId("translit")).toHaveText(word.transliteration as string);
  await expect(page.getByTestId("question").getByRole("button", { name: "Play pronunciation" })).toBeVisible();
});
