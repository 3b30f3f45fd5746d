// Empty, locked and failure states of SPEC sections 2 and 8.
import { expect, test } from "@playwright/test";
import { seedUser, settle } from "./helpers.ts";

test("without an active module: the chooser offers a picker and disabled cards, Words asks to pick one", async ({
  page,
}) => {
  // Auto-pick already happened once on this device and nothing is stored or on the server.
  await seedUser(page, { language: "en", level: 3, local: { module_auto_picked: "1" } });
  await page.goto("/words");
  await expect(page.getByText("Pick a module to continue")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/home");

  await page.goto("/home");
  await settle(page);
  await expect(page.getByRole("heading", { level: 2, name: "Pick a module to continue" })).toBeVisible();
  const play = page.getByRole("link", { name: "Play Word Search" });
  await expect(play).toHaveAttribute("aria-disabled", "true");
  await expect(play).toHaveAttribute("href", "/home");

  // Choosing one in the picker activates it.
  await page.getByRole("combobox", { name: "Module" }).selectOption({ index: 1 });
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText(/^Active module: /)).toBeVisible();
  await expect(play).not.toHaveAttribute("aria-disabled", "true");
});

test("a new user gets one tier-1 module picked automatically", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/home");
  await expect(page.getByText(/^Active module: /)).toBeVisible();
  const id = await page.evaluate(() => localStorage.getItem("active_module_id"));
  expect(Number(id)).toBeGreaterThan(0);
  expect(Number(id)).not.toBe(93);
  expect(await page.evaluate(() => localStorage.getItem("module_auto_picked"))).toBe("1");
});

test("a bootstrap failure shows 'Failed to initialize. Please refresh.'", async ({ page }) => {
  await seedUser(page, { language: "en" });
  await page.route(/\/assets\/common-[^/]+\.js$/, (route) => route.abort());
  await page.goto("/home");
  await expect(page.getByRole("alert")).toHaveText("Failed to initialize. Please refresh.");
});

test("request errors are not thrown at the learner: a failing words call shows its error text", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.route(/\/api\/words\?.*limit=200/, (route) =>
    route.fulfill({ status: 500, json: { error: { code: "internal", message: "Failed to load words." } } }),
  );
  await page.goto("/words");
  await expect(page.getByText("Error: Failed to load words.")).toBeVisible({ timeout: 15_000 });
});
