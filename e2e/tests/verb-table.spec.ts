// A verb's word card shows its whole conjugation table behind a disclosure button (issue 9, decision 0018):
// collapsed at first, opened by the button (aria-expanded), each form a Hebrew isolate with its transliteration.
// Photographed in English and Arabic at phone size into e2e/screenshots/ (git-ignored) for review.
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { seedUser, settle } from "./helpers.ts";

const SHOTS = join(import.meta.dirname, "..", "screenshots");
// Module 10 (school, tier 1) teaches לכתוב: its present כּוֹתֵב opens the card.
const MODULE = "10";
const WRITES = "כּוֹתֵב";

async function openVerbCard(page: Page, language: string) {
  await seedUser(page, { language, local: { active_module_id: MODULE } });
  await page.goto("/words");
  await settle(page);
  await page.locator("main article").getByRole("button", { name: WRITES, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const [language, show, hide] of [
  ["en", "Show all forms", "Hide the forms"],
  ["ar", "عرض كل الصيغ", "إخفاء الصيغ"],
] as const) {
  test(`a verb's card expands its conjugation table (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const dialog = await openVerbCard(page, language);
    const toggle = dialog.getByRole("button", { name: show });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const table = page.getByTestId("verb-table");
    await expect(table).toBeHidden();
    await toggle.click();
    await expect(dialog.getByRole("button", { name: hide })).toHaveAttribute("aria-expanded", "true");
    await expect(table).toBeVisible();
    // 27 cells: 4 present, 9 past, 10 future, 3 imperative, the infinitive.
    await expect(table.locator("tr[data-cell]")).toHaveCount(27);
    const past1s = table.locator('tr[data-cell="past.1s"]');
    await expect(past1s.locator('[lang="he"][dir="rtl"]')).toHaveText("כָּתַבְתִּי");
    await expect(past1s).toContainText("ka-TAV-ti");
    // The literary feminine plural future: the spoken plural first, the -נָה form under it (decision 0091).
    const fut3fp = table.locator('tr[data-cell="fut.3fp"]');
    await expect(fut3fp.locator('[lang="he"]').first()).toHaveText("יִכְתְּבוּ");
    await expect(fut3fp.getByTestId("literary").locator('[lang="he"]')).toHaveText("תִּכְתֹּבְנָה");
    await expect(fut3fp.getByTestId("literary")).toContainText(language === "en" ? "literary:" : "صيغة أدبية:");
    await expect(table.getByTestId("literary")).toHaveCount(2);
    await fut3fp.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${language}-390-verb-table-future.png`) });
    await expect(table.locator('tr[data-cell="inf"] [lang="he"]')).toHaveText("לִכְתֹּב");
    await page.screenshot({ path: join(SHOTS, `${language}-390-verb-table.png`) });
    await dialog.getByRole("button", { name: hide }).click();
    await expect(table).toBeHidden();
  });
}
