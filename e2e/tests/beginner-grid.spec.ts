import { expect, test } from "@playwright/test";
import { expectGameOver, newUser, playQuiz, shoot } from "./games-helpers.ts";

type Combo = { id: number; letter_with_nikkud: string; transliteration: string; pronunciation_audio: string | null };

// The grid's newer combinations (decision 0016): the second forms ב כ פ without dagesh and שׂ (ids letter × 100
// + 50 + vowel), holam male (…13) and hirik male (…14). The real server's answer is narrowed to them, so the
// round can only ask these, and each is shown as served and read as its transliteration.
const isNew = (id: number) => id % 100 > 50 || id % 100 === 13 || id % 100 === 14;

test("the letter + vowel game shows the second forms, holam male and hirik male", async ({ page, request }) => {
  await newUser(page, request, "en", { level: 1 });
  const served = new Map<number, Combo>();
  await page.route("**/api/beginner/letter-vowel*", async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { items: Combo[] };
    const items = body.items.filter((c) => isNew(c.id));
    for (const c of items) served.set(c.id, c);
    await route.fulfill({ response: res, json: { items } });
  });
  await page.goto("/beginner/letter-vowel");
  const card = page.getByTestId("question");
  await expect(card.or(page.getByTestId("lesson"))).toBeVisible();
  expect(served.size).toBe(88);
  expect([...served.keys()]).toEqual(expect.arrayContaining([252, 1152, 1752, 2152, 1213, 1214]));
  for (const c of served.values()) expect(c.pronunciation_audio).toBe(`/audio/letter-vowel/${c.id}.mp3`);
  const asked = await playQuiz(
    page,
    async ({ itemId }) => {
      const c = served.get(itemId);
      expect(c, `item ${itemId} was served`).toBeDefined();
      // The card shows the combination as served, in a Hebrew isolate.
      await expect(card.locator('[lang="he"]').first()).toHaveText(c?.letter_with_nikkud ?? "");
      return c?.transliteration ?? "";
    },
    {
      onQuestion: async (i) => {
        if (i === 0) await shoot(page, "beginner-grid-new-combinations");
      },
    },
  );
  await expectGameOver(page, asked);
});
