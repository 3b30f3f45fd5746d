import { expect, test } from "@playwright/test";
import { seedUser, settle } from "./helpers.ts";

const GAMES: Record<string, string> = {
  "translation-match": "Translate Match",
  "word-search": "Word Search",
  "sentence-scramble": "Sentence Scramble",
  "verb-conjugation": "Verb Conjugation",
  "tense-guesser": "Tense Guesser",
  flashcards: "Flash Cards",
  "root-recall": "Root Recall",
  "root-tree": "Word Explorer",
};

test.beforeEach(async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
});

test("redirects: / and /play go to /home", async ({ page }) => {
  for (const from of ["/", "/play"]) {
    await page.goto(from);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a game" })).toBeVisible();
  }
});

test("/home and /games show the chooser with eight cards", async ({ page }) => {
  for (const path of ["/home", "/games"]) {
    await page.goto(path);
    await settle(page);
    for (const name of Object.values(GAMES)) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: /^How to play / })).toHaveCount(8);
  }
});

test("an instructions dialog per game", async ({ page }) => {
  await page.goto("/home");
  await settle(page);
  await page.getByRole("button", { name: "How to play Word Search" }).click();
  const dialog = page.getByRole("dialog", { name: "Word Search" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveCount(3);
  await dialog.getByRole("button", { name: "Got it" }).click();
  await expect(dialog).toBeHidden();
});

test("static pages", async ({ page }) => {
  const pages: [string, string][] = [
    ["/library", "Library"],
    ["/words", "Words"],
    ["/upgrade", "Plans"],
    ["/account", "Account"],
    ["/privacy", "Privacy policy"],
    ["/register", "Your preferences"],
    ["/beginner", "Beginner Mode"],
    // Nothing was played: no celebration (issue 12.5).
    ["/game-over", "Round over"],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  }
  await page.goto("/privacy");
  await expect(page.getByText("Last updated: September 16, 2025")).toBeVisible();
  await expect(page.locator("main h2")).toHaveCount(8);
});

test("game routes with and without a module id", async ({ page }) => {
  for (const [game, name] of Object.entries(GAMES)) {
    if (game === "root-recall") continue;
    await page.goto(`/game/${game}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    if (game === "root-tree") continue;
    await page.goto(`/game/7/${game}`);
    await expect(page).toHaveURL(new RegExp(`/game/7/${game}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  }
});

test("root recall redirects to /register until language and level are saved", async ({ page }) => {
  await page.goto("/game/7/root-recall");
  await expect(page).toHaveURL(/\/register\?from=root-recall$/);
  await page.getByRole("radio", { name: /Intermediate/ }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/game\/root-recall$/);
  await expect(page.getByRole("heading", { level: 1, name: "Root Recall" })).toBeVisible();
  await page.goto("/game/7/root-recall");
  await expect(page.getByRole("heading", { level: 1, name: "Root Recall" })).toBeVisible();
});

test("game redirects: /game/{id} and /game/{id}/root-tree", async ({ page }) => {
  await page.goto("/game/7");
  await expect(page).toHaveURL(/\/game\/7\/translation-match$/);
  await expect(page.getByRole("heading", { level: 1, name: "Translate Match" })).toBeVisible();
  await page.goto("/game/7/root-tree");
  await expect(page).toHaveURL(/\/game\/root-tree$/);
  await expect(page.getByRole("heading", { level: 1, name: "Word Explorer" })).toBeVisible();
});

test("beginner games", async ({ page }) => {
  for (const [path, name] of [
    ["/beginner/letters", "Letters"],
    ["/beginner/letter-vowel", "Vowels"],
    ["/beginner/words", "Words"],
  ]) {
    await page.goto(path as string);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  }
});

test("any other path shows the 404 text", async ({ page }) => {
  for (const path of ["/nope", "/game/7/nope/more", "/beginner/nope", "/game/abc"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "404: Page not found" })).toBeVisible();
  }
});

test("header: links, Upgrade? button and language dropdown", async ({ page }) => {
  await page.goto("/home");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Play", "Review", "Words", "Library", "Account"]);
  await page.getByRole("link", { name: "Upgrade?" }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  const select = page.getByRole("combobox", { name: "Language" });
  await expect(select.locator("option")).toHaveText([
    "English",
    "Français",
    "Español",
    "Русский",
    "Українська",
    "العربية",
  ]);
});

test("header collapses into a menu on mobile, Ukrainian marked beta", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/home");
  await expect(page.getByRole("link", { name: "Library" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("link", { name: "Library" })).toBeVisible();
  await expect(page.locator("#language-mobile option[value=uk]")).toHaveText("Українська (beta)");
  await page.getByRole("link", { name: "Library" }).click();
  await expect(page).toHaveURL(/\/library$/);
});
