// axe-core on every game screen mid-play, in English and Arabic: no serious or critical violations.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { LANGUAGES, newUser, passTeaching } from "./games-helpers.ts";

const SCREENS: { path: string; ready: string; lesson?: boolean }[] = [
  { path: "/game/1/translation-match", ready: "options" },
  { path: "/game/1/word-search", ready: "grid" },
  { path: "/game/1/sentence-scramble", ready: "bank" },
  { path: "/game/1/verb-conjugation", ready: "options" },
  { path: "/game/1/tense-guesser", ready: "options" },
  { path: "/game/1/flashcards", ready: "question" },
  { path: "/game/root-recall", ready: "options" },
  { path: "/game/root-tree", ready: "root-card" },
  { path: "/beginner/letters", ready: "options", lesson: true },
  { path: "/beginner/letter-vowel", ready: "options", lesson: true },
  { path: "/beginner/words", ready: "options", lesson: true },
];

for (const lang of LANGUAGES) {
  test(`axe on the game screens (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await newUser(page, request, lang, { profile: true });
    const problems: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      // The beginner games teach an item before asking about it (issue 24): past the lesson to the question.
      if (screen.lesson) await page.getByTestId("lesson-ready").click();
      // A module game teaches a new word before its question (issue 24.2).
      if (screen.ready === "options" && !screen.lesson) await passTeaching(page);
      await expect(page.getByTestId(screen.ready)).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      // Mid-play: one answer picked where the screen has options.
      if (screen.ready === "options") await page.getByTestId("options").locator("button").first().click();
      const result = await new AxeBuilder({ page })
        .include("main")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      for (const v of result.violations) {
        if (v.impact === "serious" || v.impact === "critical") {
          problems.push(`${screen.path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
}
