// Fit and reach (issue 11.8 and 11.9): no horizontal overflow at 390 and 780 px in all six languages, 44 px touch
// targets on a phone, and a title per page.
import { expect, test } from "@playwright/test";
import { seedUser, settle } from "./helpers.ts";

const PATHS = ["/home", "/library", "/privacy", "/beginner", "/account", "/welcome"];

for (const language of ["en", "ar", "es", "uk", "ru", "fr"]) {
  test(`no horizontal overflow at 390 and 780 px: ${language}`, async ({ page }) => {
    test.setTimeout(120_000);
    await seedUser(page, { language, level: 3 });
    const overflows: string[] = [];
    for (const width of [390, 780]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of PATHS) {
        await page.goto(path);
        await settle(page);
        const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (over > 0) overflows.push(`${path} at ${width}: ${over}px`);
      }
    }
    expect(overflows).toEqual([]);
  });
}

test("on a phone the menu button, play buttons and alert close are at least 44 px; pages have titles", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/home");
  await settle(page);
  await expect(page).toHaveTitle("Choose a game – Ivrit");
  const sizes = [
    await page.getByRole("button", { name: "Open menu" }).boundingBox(),
    await page
      .locator("main a, main button")
      .filter({ hasText: /^Play|^Start/ })
      .first()
      .boundingBox(),
  ];
  for (const box of sizes) {
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  }
  await page.goto("/library");
  await expect(page).toHaveTitle("Library – Ivrit");
});
