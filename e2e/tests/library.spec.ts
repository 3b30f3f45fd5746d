import { expect, type Page, test } from "@playwright/test";
import { shoot } from "./games-helpers.ts";
import { apiHeaders, grantPlan, seedUser, settle } from "./helpers.ts";

test("activating a module from the library lands on its words", async ({ page, request }) => {
  const id = await seedUser(page, { language: "en", level: 3 });
  await page.goto("/library");
  await settle(page);
  await expect(page.getByRole("radio", { name: "Tier 1" })).toBeChecked();
  const card = page
    .locator("article[data-module-id]:not([data-module-id='93'])")
    .filter({ has: page.getByRole("button", { name: "Activate" }) })
    .first();
  const name = (await card.getByRole("heading").textContent()) ?? "";
  const moduleId = Number(await card.getAttribute("data-module-id"));
  await card.getByRole("button", { name: "Activate" }).click();
  await expect(page).toHaveURL(/\/words$/);
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page.locator("main article").first()).toBeVisible();
  // Issue 24: the words shown can be played or reviewed from here.
  await expect(page.getByTestId("play-these")).toHaveAttribute("href", `/game/${moduleId}/translation-match`);
  await expect(page.getByTestId("review-these")).toHaveAttribute("href", /^\/review\?words=\d+(,\d+){19}$/);
  await shoot(page, "words-play-these-en");
  // Stored locally and on the server.
  expect(await page.evaluate(() => localStorage.getItem("active_module_id"))).toBe(String(moduleId));
  const res = await request.get("/api/me/active-module?language=en", { headers: apiHeaders(id) });
  expect(res.status()).toBe(200);
  expect((await res.json()).id).toBe(moduleId);
  // The chooser shows it in its banner.
  await page.getByRole("link", { name: "Play", exact: true }).click();
  await expect(page.getByText(`Active module: ${name}`)).toBeVisible();
});

test("a locked module is previewed, then activation is refused with the tier message", async ({ page, request }) => {
  const id = await seedUser(page, { language: "en", level: 3 });
  await page.goto("/library");
  await settle(page);
  await page
    .locator("label")
    .filter({ hasText: /^Tier 2$/ })
    .click();
  await expect(page.getByRole("radio", { name: "Tier 2" })).toBeChecked();
  await expect(page.getByText("Tier 2 modules need a higher plan")).toBeVisible();
  const locked = page.locator("article[data-module-id]").filter({ hasText: "Locked" }).first();
  await expect(locked).toBeVisible();
  const moduleId = Number(await locked.getAttribute("data-module-id"));
  await expect(locked.getByText("Preview", { exact: true })).toBeVisible();
  await locked.getByRole("button", { name: "Preview words" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[lang="he"]').first()).toBeVisible();
  await dialog.getByRole("button", { name: "Activate" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Tier 2 modules need a higher plan");
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(page.getByRole("alert").filter({ hasText: "Tier 2 modules need a higher plan" })).toHaveCount(2);
  // The server refuses it too and changes nothing.
  const before = await request.get("/api/me/active-module?language=en", { headers: apiHeaders(id) });
  const post = await request.post("/api/me/active-module", { headers: apiHeaders(id), data: { module_id: moduleId } });
  expect(await post.json()).toMatchObject({ locked: true, tier: 2 });
  const after = await request.get("/api/me/active-module?language=en", { headers: apiHeaders(id) });
  expect(after.status()).toBe(before.status());
});

test("tier 3 groups modules under field headings with a field filter", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/library");
  await settle(page);
  await expect(page.getByRole("combobox", { name: "Field" })).toHaveCount(0);
  await page
    .locator("label")
    .filter({ hasText: /^Tier 3$/ })
    .click();
  const field = page.getByRole("combobox", { name: "Field" });
  await expect(field).toBeVisible();
  const headings = await page.locator("main section h2").allTextContents();
  expect(headings.length).toBeGreaterThan(1);
  expect([...headings].sort((a, b) => a.localeCompare(b, "en"))).toEqual(headings);
  await field.selectOption({ label: "Medicine" });
  await expect(page.locator("main section h2")).toHaveText(["Medicine"]);
});

test("six skeleton cards while the modules load", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.route("**/api/me/modules**", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto("/library");
  await expect(page.getByTestId("module-skeleton")).toHaveCount(6);
  await expect(page.getByTestId("module-skeleton")).toHaveCount(0, { timeout: 15_000 });
});

/** Where the chosen tier is drawn: the label marked active must be the checked radio's, and no other mark shows. */
async function expectHighlightOn(page: Page, name: string) {
  const radio = page.getByRole("radio", { name });
  await expect(radio).toBeChecked();
  const label = page.locator(`label[for="${await radio.getAttribute("id")}"]`);
  await expect(label).toHaveAttribute("data-active", "true");
  const drawn = await label.evaluate((el) => {
    const before = getComputedStyle(el, "::before");
    return { display: before.display, background: before.backgroundColor };
  });
  expect(drawn.display).toBe("block");
  expect(drawn.background).not.toBe("rgba(0, 0, 0, 0)");
  // Mantine's floating indicator (placed from left offsets, wrong right to left) is not drawn at all.
  for (const el of await page.locator(".mantine-SegmentedControl-indicator").all()) await expect(el).toBeHidden();
  await expect(page.locator('.mantine-SegmentedControl-label[data-active="true"]')).toHaveCount(1);
}

test("in Arabic the tier selector highlights the chosen tier; tier 3 shows its own modules first", async ({
  page,
  request,
}) => {
  const id = await seedUser(page, { language: "ar", level: 3 });
  await page.goto("/library");
  await settle(page);
  await expectHighlightOn(page, "المستوى 1");
  // A refusal alert goes when the tier changes.
  await page
    .locator("label")
    .filter({ hasText: /^المستوى 2$/ })
    .click();
  await expectHighlightOn(page, "المستوى 2");
  const locked = page.locator("article[data-module-id]").first();
  await locked.getByRole("button", { name: "معاينة الكلمات" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "تفعيل" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "إغلاق" }).first().click();
  // The tier's notice and the refusal.
  const tier2 = page.locator('main [role="alert"]').filter({ hasText: "وحدات المستوى 2 تتطلب خطة أعلى" });
  await expect(tier2).toHaveCount(2);
  await page
    .locator("label")
    .filter({ hasText: /^المستوى 3$/ })
    .click();
  await expect(tier2).toHaveCount(0);
  await expect(page.locator('main [role="alert"]')).toHaveCount(1);

  // A pro learner: tier 3 is theirs and highlighted (not the disabled tier 1), its own modules come first and the
  // lower tiers only behind the toggle.
  await grantPlan(request, id, "pro");
  await page.reload();
  await settle(page);
  await expectHighlightOn(page, "المستوى 3");
  const tiers = await page
    .locator("main article[data-module-id]")
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-module-id"))));
  const modules = (await (
    await request.get("/api/me/modules?language=ar&all=true", { headers: apiHeaders(id) })
  ).json()) as {
    items?: { id: number; tier: number }[];
  };
  const tierOf = new Map((modules.items ?? []).map((m) => [m.id, m.tier]));
  expect(tiers.length).toBeGreaterThan(0);
  expect(tiers.every((m) => tierOf.get(m) === 3)).toBe(true);
  await page.getByRole("button", { name: /اعرض وحدات المستويات الأدنى/ }).click();
  await expect(page.getByRole("region", { name: "وحدات المستويات الأدنى" }).locator("article").first()).toBeVisible();
});
