import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import {
  type ApiWord,
  expectGameOver,
  LANGUAGES,
  newUser,
  norm,
  openGame,
  playQuiz,
  shoot,
  verbAnswer,
} from "./games-helpers.ts";

type VerbWord = ApiWord & { forms?: Record<string, { he: string; nikkud: string; translit: string }> | null };

const rootOf = (w: ApiWord) => w.roots[0]?.root.replace(/[^\u05D0-\u05EA]/gu, "") ?? "";

const TENSES = ["present", "past", "future", "infinitive"];

for (const lang of LANGUAGES) {
  test(`verb conjugation plays to /game-over (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang);
    const words = await openGame(page, "/game/1/verb-conjugation");
    const card = page.getByTestId("question");
    const asked = await playQuiz(
      page,
      async ({ wordId }) => {
        const word = (await words.get(wordId)) as VerbWord;
        const cell = (await card.getAttribute("data-cell")) ?? "";
        const answer = await verbAnswer(page, word);
        // Every option is a form of this verb, or the same cell of its root in another binyan; most are its own.
        const own = new Set(Object.values(word.forms ?? {}).map((f) => norm(f.nikkud)));
        const pool = (await words.all()) as VerbWord[];
        const sameRoot = new Set(
          pool.filter((w) => w.forms && rootOf(w) === rootOf(word)).map((w) => norm(w.forms?.[cell]?.nikkud ?? "")),
        );
        const options = await page
          .getByTestId("options")
          .locator("button")
          .evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.option ?? ""));
        expect(options).toHaveLength(4);
        for (const o of options) expect(own.has(norm(o)) || sameRoot.has(norm(o)), o).toBe(true);
        expect(options.filter((o) => own.has(norm(o))).length).toBeGreaterThanOrEqual(2);
        await expect(page.getByTestId("binyan")).toBeVisible();
        return answer;
      },
      {
        onQuestion: async (i) => {
          if (i === 0) {
            await shoot(page, `verb-conjugation-${lang}`);
            // Issue 24: on a 390x844 phone all four options are above the fold.
            await page.setViewportSize({ width: 390, height: 844 });
            await page.evaluate(() => window.scrollTo(0, 0));
            const last = await page.getByTestId("options").locator("button").nth(3).boundingBox();
            expect((last?.y ?? 9999) + (last?.height ?? 0)).toBeLessThanOrEqual(844);
            await page.setViewportSize({ width: 1280, height: 800 });
          }
          if (i === 1) {
            // The table of the verb just answered, its asked cell marked.
            const table = page.getByTestId("answered-table");
            const cell = await table.getAttribute("data-cell");
            await table.getByRole("button").click();
            await expect(table.locator(`tr[data-cell="${cell}"]`)).toHaveAttribute("data-asked", "true");
            await shoot(page, `verb-conjugation-table-${lang}`);
            // The question with its labels, and the open table: nothing serious for axe.
            const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
            const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
            expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
          }
        },
      },
    );
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
