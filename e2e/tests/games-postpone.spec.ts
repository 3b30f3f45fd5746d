// Issue 12.7 (SPEC section 5): after a failed words load the verb and tense games wait 5 s before their next
// start, whatever starts it: Try again, or moving from one verb game to the other.
import { expect, type Page, test } from "@playwright/test";
import { newUser } from "./games-helpers.ts";

const POSTPONE_MS = 5000;
/** The failure is noted by the page a moment after the request is aborted: this much slack on the 5 s. */
const SLACK_MS = 150;

/**
 * Aborts the first words load of a verb or tense game (a tier load with the session's seed; other word requests,
 * such as the offline copy's, pass) and returns when it happened; the later loads' times are collected.
 */
async function failFirstWordsLoad(page: Page) {
  let failedAt = 0;
  const later: number[] = [];
  await page.route("**/api/words?**", async (route) => {
    const url = route.request().url();
    if (!url.includes("shuffleAfterMerge=1") || !url.includes("seed=")) {
      await route.continue();
    } else if (failedAt === 0) {
      failedAt = Date.now();
      await route.abort("failed");
    } else {
      later.push(Date.now());
      await route.continue();
    }
  });
  return { failedAt: () => failedAt, later };
}

test("Try again after a failed load waits out the 5 s", async ({ page, request }) => {
  await newUser(page, request, "en");
  const words = await failFirstWordsLoad(page);
  await page.goto("/game/verb-conjugation");
  await expect(page.getByTestId("load-error")).toBeVisible();
  await page.getByRole("button", { name: "Try again" }).click();
  // Waiting, it says it is loading, and asks for nothing yet.
  await expect(page.getByRole("status")).toContainText("Loading words");
  await expect(page.getByTestId("question")).toBeVisible({ timeout: 15_000 });
  expect(words.later.length).toBeGreaterThan(0);
  expect((words.later[0] ?? 0) - words.failedAt()).toBeGreaterThanOrEqual(POSTPONE_MS - SLACK_MS);
});

test("moving from one verb game to the other after a failed load waits out the 5 s", async ({ page, request }) => {
  await newUser(page, request, "en");
  const words = await failFirstWordsLoad(page);
  await page.goto("/game/verb-conjugation");
  await expect(page.getByTestId("load-error")).toBeVisible();
  // In-app navigation, as a link does: the router reuses the game screen.
  await page.evaluate(() => {
    history.pushState({}, "", "/game/tense-guesser");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByTestId("question")).toBeVisible({ timeout: 15_000 });
  expect((words.later[0] ?? 0) - words.failedAt()).toBeGreaterThanOrEqual(POSTPONE_MS - SLACK_MS);
});

test("opening the other verb game by its address after a failed load waits out the 5 s", async ({ page, request }) => {
  await newUser(page, request, "en");
  const words = await failFirstWordsLoad(page);
  await page.goto("/game/tense-guesser");
  await expect(page.getByTestId("load-error")).toBeVisible();
  // A new page load: the time of the failure is kept for the tab.
  await page.goto("/game/verb-conjugation");
  await expect(page.getByTestId("question")).toBeVisible({ timeout: 15_000 });
  expect((words.later[0] ?? 0) - words.failedAt()).toBeGreaterThanOrEqual(POSTPONE_MS - SLACK_MS);
});
