import { expect, test } from "@playwright/test";
import { apiHeaders, seedUser, settle } from "./helpers.ts";

test("a beginner-level user lands on /beginner", async ({ page, request }) => {
  const id = await seedUser(page, { language: "en" });
  await page.goto("/register");
  await page.getByRole("radio", { name: /Beginner/ }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/beginner$/);
  const me = await request.get("/api/me", { headers: apiHeaders(id) });
  expect(await me.json()).toMatchObject({ preferredLevel: 1, preferredLanguage: "en" });

  await page.goto("/");
  await expect(page).toHaveURL(/\/beginner$/);
  await expect(page.getByRole("heading", { level: 1, name: "Beginner Mode" })).toBeVisible();
  for (const name of ["Letters", "Vowels", "Words"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Play" })).toHaveAttribute("href", "/beginner");
  await page.goto("/games");
  await expect(page).toHaveURL(/\/beginner$/);
});

test("the beginner explorer: three sections with counts, search and 'No results.'", async ({ page, request }) => {
  const id = await seedUser(page, { language: "en", level: 3 });
  await request.post("/api/me/active-module", { headers: apiHeaders(id), data: { module_id: 93 } });
  await page.goto("/words");
  await settle(page);
  for (const name of ["Letters", "Vowels", "Words"])
    await expect(page.getByRole("button", { name: new RegExp(name) })).toBeVisible();
  const search = page.getByPlaceholder("Search by letter or transliteration");
  await expect(search).toBeVisible();
  await search.fill("zzzz");
  await expect(page.getByText("No results.")).toBeVisible();
  await page.getByRole("button", { name: /Words/ }).click();
  await page.getByPlaceholder("Search by word or translation").fill("shalom");
  await expect(page.locator("main li:visible")).not.toHaveCount(0);
  await expect(page.locator("main li:visible").first()).toContainText(/sha-?lom/i);
});

test("in Arabic, 'Explore all letters and words' opens the beginner explorer with Arabic letter rows", async ({
  page,
  request,
}) => {
  const id = await seedUser(page, { language: "ar", level: 1 });
  // Another module is active: the link must still open the beginner explorer, not that module's words.
  await request.post("/api/me/active-module", { headers: apiHeaders(id), data: { module_id: 3 } });
  await page.goto("/beginner");
  await page.getByRole("link", { name: "استكشف كل الحروف والكلمات" }).click();
  await expect(page).toHaveURL(/\/words\?view=beginner$/);
  const rows = page.locator("main li:visible");
  await expect(rows.first()).toBeVisible();
  // The first letter's row: its description in Arabic, not the English name and sound.
  await expect(rows.first()).toContainText("ألف: لا يُلفظ");
  await expect(rows.first()).not.toContainText("(silent)");
  await expect(page.locator("main")).not.toContainText("Alef: silent");
});
