import { expect, test } from "@playwright/test";
import { seedUser, settle } from "./helpers.ts";

test("switching to Arabic mirrors the page, reloads the data and goes to /words; and back", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/library");
  await settle(page);
  const html = page.locator("html");
  await expect(html).toHaveAttribute("dir", "ltr");
  const nav = page.getByRole("navigation").first();
  const xOf = async (id: string) => (await nav.locator(`[data-nav=${id}]`).boundingBox())?.x ?? Number.NaN;
  expect(await xOf("play")).toBeLessThan(await xOf("account"));

  const modulesReloaded = page.waitForRequest((r) => r.url().includes("/api/") && r.url().includes("language=ar"));
  await page.getByRole("combobox", { name: "Language" }).selectOption("ar");
  await modulesReloaded;
  await expect(page).toHaveURL(/\/words$/);
  await expect(html).toHaveAttribute("dir", "rtl");
  await expect(html).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1, name: "الكلمات" })).toBeVisible();
  await expect(nav.getByRole("link")).toHaveText(["العب", "المراجعة", "الكلمات", "المكتبة", "الحساب"]);
  // Navigation order reversed on screen: Play is now the rightmost.
  expect(await xOf("play")).toBeGreaterThan(await xOf("account"));
  // Hebrew stays right-to-left and Hebrew-tagged inside the Arabic page.
  await expect(page.locator('main [lang="he"]').first()).toHaveAttribute("dir", "rtl");
  expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ar");

  // A reload keeps Arabic.
  await page.reload();
  await expect(html).toHaveAttribute("dir", "rtl");

  await page.getByRole("combobox", { name: "اللغة" }).selectOption("en");
  await expect(page).toHaveURL(/\/words$/);
  await expect(html).toHaveAttribute("dir", "ltr");
  await expect(nav.getByRole("link")).toHaveText(["Play", "Review", "Words", "Library", "Account"]);
  expect(await xOf("play")).toBeLessThan(await xOf("account"));
});

test("an unsupported stored language falls back to the browser's, else English", async ({ browser }) => {
  const fr = await browser.newContext({ locale: "fr-FR" });
  const page = await fr.newPage();
  await seedUser(page, { language: "de" });
  await page.goto("/home");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("link", { name: "Bibliothèque" })).toBeVisible();
  await fr.close();
  const ja = await browser.newContext({ locale: "ja-JP" });
  const page2 = await ja.newPage();
  await seedUser(page2, { language: "xx" });
  await page2.goto("/home");
  await expect(page2.locator("html")).toHaveAttribute("lang", "en");
  await ja.close();
});

test("Hebrew is marked rtl and he inside an English page", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/words");
  await settle(page);
  const he = page.locator('main [lang="he"]');
  expect(await he.count()).toBeGreaterThan(3);
  for (const el of await he.all()) await expect(el).toHaveAttribute("dir", "rtl");
});

test("arrow keys on the language dropdown do not switch the language; Enter does", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/library");
  await expect(page.getByRole("heading", { level: 1, name: "Library" })).toBeVisible();
  const select = page.getByRole("combobox", { name: "Language" });
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  // Still English, still on the library.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Library" })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveURL(/\/words$/);
});
