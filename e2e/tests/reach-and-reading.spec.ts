// Reach and reading (issue 11.8 and 11.9), the checks layout-fit.spec.ts does not make: the library's alert close
// button is a 44 px target on a phone, keyboard focus shows a visible ring on every kind of control, and pointed
// Hebrew (words and sentences) is large enough on a 390 px phone to read every vowel mark.
import { expect, type Page, test } from "@playwright/test";
import { seedUser, settle } from "./helpers.ts";

/** The smallest font size (px) of any element showing pointed Hebrew, with the text it belongs to. */
async function smallestPointedHebrew(page: Page): Promise<{ px: number; text: string }> {
  return page.evaluate(() => {
    let min = { px: Number.POSITIVE_INFINITY, text: "" };
    for (const el of document.querySelectorAll<HTMLElement>(
      'main [lang="he"] *, main [lang="he"], [role="dialog"] [lang="he"]',
    )) {
      // The element's own text (its text nodes), not its children's: a row of tiles is sized by each tile.
      const text = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? "")
        .join("");
      // Vowel points (U+05B0-U+05BC, U+05C1-U+05C2, U+05C7) mark pointed text.
      if (!/[\u05B0-\u05BC\u05C1\u05C2\u05C7]/u.test(text) || el.getClientRects().length === 0) continue;
      const px = Number.parseFloat(getComputedStyle(el).fontSize);
      if (px < min.px) min = { px, text };
    }
    return min;
  });
}

test("on a phone the library's alert close button is at least 44 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/library");
  await settle(page);
  await page
    .locator("label")
    .filter({ hasText: /^Tier 2$/ })
    .click();
  // Activating a module above the plan from its preview is refused: the refusal alert has a close button.
  await page.locator("article[data-module-id]").first().getByRole("button", { name: "Preview words" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Activate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).first().click();
  const close = page.locator('main [role="alert"]').getByRole("button", { name: "Close" });
  await expect(close).toBeVisible();
  const box = await close.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
});

test("keyboard focus shows a visible ring on links, buttons, radios and game options", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/home");
  await settle(page);
  const rings: string[] = [];
  const seen = new Set<string>();
  // Tab through the page: every control that takes focus must draw an outline (or a focus shadow) of 2 px or more.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    const f = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const s = getComputedStyle(el);
      return {
        what: `${el.tagName.toLowerCase()}${el.getAttribute("role") ? `[${el.getAttribute("role")}]` : ""}: ${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 30)}`,
        outline: s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) >= 2,
        shadow: s.boxShadow !== "none",
      };
    });
    if (!f || seen.has(f.what)) continue;
    seen.add(f.what);
    if (!f.outline && !f.shadow) rings.push(f.what);
  }
  expect(seen.size).toBeGreaterThan(8);
  expect(rings).toEqual([]);
});

test("pointed Hebrew is at least 25 px on a 390 px phone: words page, word card and two games", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await seedUser(page, { language: "en", level: 3, local: { first_run: "done", active_module_id: "3" } });
  const checks: string[] = [];
  const check = async (where: string) => {
    const min = await smallestPointedHebrew(page);
    if (min.px < 25) checks.push(`${where}: ${min.px}px "${min.text}"`);
    return min.px;
  };
  await page.goto("/words");
  await settle(page);
  expect(await check("/words")).toBeLessThan(Number.POSITIVE_INFINITY);
  // The word card with its example sentence.
  await page
    .locator("main")
    .getByRole("button")
    .filter({ hasText: /[\u05D0-\u05EA]/u })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("word card");
  await page.keyboard.press("Escape");
  await page.goto("/game/3/flashcards");
  await settle(page);
  await check("flashcards");
  await page.goto("/game/3/sentence-scramble");
  await settle(page);
  await check("sentence scramble");
  expect(checks).toEqual([]);
});
