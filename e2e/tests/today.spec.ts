// Today on home (issue 30.1), phone size, English and Arabic: the goal and what is left of it, the streak, the cards
// due, and one button: the review while the goal is not met, the next game once it is and nothing is due.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { apiHeaders, seedUser, settle } from "./helpers.ts";

for (const language of ["en", "ar"] as const) {
  test(`today on home: goal, streak, due and the button that starts the review (${language})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const id = await seedUser(page, { language, level: 3, local: { first_run: "done" } });
    const headers = apiHeaders(id);
    expect((await request.post("/api/me/active-module", { headers, data: { module_id: 3 } })).status()).toBe(200);
    expect((await request.patch("/api/review/settings", { headers, data: { dailyGoal: 2 } })).status()).toBe(200);

    await page.goto("/home");
    await settle(page);
    await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    const card = page.getByTestId("review-card-chooser");
    await expect(card).toBeVisible();
    // Above the game chooser's cards (the card's heading is the first h2, the games' names follow).
    const headings = page.locator("main h2");
    await expect(headings.first()).toHaveText(language === "en" ? "Today" : "اليوم");
    const cardBox = await card.boundingBox();
    const firstGame = await headings.nth(1).boundingBox();
    expect(cardBox && firstGame && cardBox.y + cardBox.height <= firstGame.y).toBe(true);
    const goal = page.getByTestId("today-goal");
    await expect(goal).toHaveAttribute("data-goal", "2");
    await expect(goal).toHaveAttribute("data-reviews", "0");
    await expect(goal).toHaveAttribute("data-streak", "0");
    await expect(card).toHaveAttribute("data-left", "2");
    await expect(page.getByTestId("today-left")).toHaveText(
      language === "en" ? "2 more answers to reach today's goal" : "بقيت إجابتان لبلوغ هدف اليوم",
    );
    await expect(page.getByTestId("review-due-count")).toBeVisible();
    await expect(page.getByTestId("streak")).toBeVisible();
    const start = page.getByTestId("today-start");
    await expect(start).toHaveAttribute("data-action", "review");
    await start.click();
    await expect(page).toHaveURL(/\/review$/);
    // The session opens: a new word is taught first, then asked.
    await expect(page.getByTestId("teach-card").or(page.getByTestId("review-card"))).toBeVisible({ timeout: 20_000 });

    // Two answers meet the goal; with nothing due the button offers the next game of the active module.
    const words = (await (await request.get("/api/words?moduleId=3&limit=2&language=en", { headers })).json()) as {
      items: { id: number }[];
    };
    const now = Date.now();
    const events = words.items.slice(0, 2).map((w, i) => ({
      id: randomUUID(),
      wordId: w.id,
      at: new Date(now - 1000 * (i + 1)).toISOString(),
      game: "translation_match",
      outcome: "right",
    }));
    expect((await request.post("/api/review/events", { headers, data: { events } })).status()).toBe(200);
    await page.goto("/home");
    await settle(page);
    await expect(goal).toHaveAttribute("data-reviews", "2");
    await expect(goal).toHaveAttribute("data-streak", "1");
    await expect(card).toHaveAttribute("data-left", "0");
    await expect(start).toHaveAttribute("data-action", "game");
    await expect(start).toHaveAttribute("href", "/game/3/translation-match");
  });
}

test("today on the beginner menu: the goal met, the button starts the next beginner game (ar)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await seedUser(page, { language: "ar", level: 1, local: { first_run: "done" } });
  const headers = apiHeaders(id);
  expect((await request.patch("/api/review/settings", { headers, data: { dailyGoal: 1 } })).status()).toBe(200);
  const words = (await (await request.get("/api/words?moduleId=3&limit=1&language=en", { headers })).json()) as {
    items: { id: number }[];
  };
  const event = {
    id: randomUUID(),
    wordId: words.items[0]?.id,
    at: new Date().toISOString(),
    game: "flashcards",
    outcome: "right",
  };
  expect((await request.post("/api/review/events", { headers, data: { events: [event] } })).status()).toBe(200);
  await page.goto("/beginner");
  await settle(page);
  await expect(page.getByTestId("today-goal")).toHaveAttribute("data-streak", "1");
  await expect(page.getByTestId("review-due-count")).toBeVisible();
  const start = page.getByTestId("today-start");
  await expect(start).toHaveAttribute("data-action", "game");
  await start.click();
  await expect(page).toHaveURL(/\/beginner\/letters$/);
});
