// Issue 12.1: a module above the learner's plan is previewable, not playable. Every game opened by URL with a
// tier-3 module shows the locked notice with an Upgrade button and no question; nothing is recorded as played.
// The tier games, opened with a playable module in the URL, say that they play the learner's tiers.
import { expect, test } from "@playwright/test";
import { LANGUAGES, newUser, shoot } from "./games-helpers.ts";

const LOCKED_MODULE = 301; // tier 3
const GAMES = [
  "translation-match",
  "word-search",
  "sentence-scramble",
  "flashcards",
  "verb-conjugation",
  "tense-guesser",
  "root-recall",
] as const;

for (const lang of LANGUAGES) {
  test(`a free user sees the locked notice in every game of a tier-3 module (${lang})`, async ({ page, request }) => {
    await newUser(page, request, lang, { profile: true });
    // The page's clock runs as usual until the end, where it jumps past the play record's debounce.
    await page.clock.install();
    const plays: unknown[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/game/play") && r.method() === "POST") plays.push(r.postDataJSON());
    });
    for (const game of GAMES) {
      await page.goto(`/game/${LOCKED_MODULE}/${game}`);
      const notice = page.getByTestId("game-locked");
      await expect(notice, game).toBeVisible();
      await expect(notice.getByRole("link")).toHaveAttribute("href", "/upgrade");
      await expect(page.getByTestId("question")).toHaveCount(0);
      await expect(page.getByTestId("options")).toHaveCount(0);
      if (game === "translation-match" || game === "verb-conjugation") await shoot(page, `locked-${game}-${lang}`);
    }
    // Past the play record's debounce (200 ms): no game of the locked module counted as played.
    await page.clock.runFor(1_000);
    expect(plays).toEqual([]);
  });
}

test("a tier game opened with a playable module says it plays the plan's tiers", async ({ page, request }) => {
  await newUser(page, request, "en", { profile: true });
  const plays: { moduleId: number | null }[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/game/play") && r.method() === "POST") plays.push(r.postDataJSON());
  });
  await page.goto("/game/3/tense-guesser");
  await expect(page.getByTestId("tier-game-notice")).toBeVisible();
  await expect(page.getByTestId("question")).toBeVisible();
  await expect.poll(() => plays.length).toBe(1);
  // The record names the module actually played: none, the tense guesser plays tiers.
  expect(plays[0]?.moduleId ?? null).toBeNull();
});
