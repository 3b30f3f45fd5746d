// The web side of the native app (issue 5): no purchase buttons on web, the store links instead; a plan granted
// on the server through the RevenueCat webhook unlocks the library without a reload; the service worker.
import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { apiHeaders, grantPlan, seedUser, settle } from "./helpers.ts";

/** A plan granted through the RevenueCat webhook (helpers.ts), then read back as the server now answers it. */
async function grant(request: APIRequestContext, userId: string, plan: "plus" | "pro") {
  await grantPlan(request, userId, plan);
  const plans = await request.get("/api/me/entitlements", { headers: apiHeaders(userId) });
  expect((await plans.json()).entitlement).toBe(plan);
}

async function expectStoreLinksAndNoPurchaseButtons(page: Page) {
  const links = page.getByTestId("store-links");
  await expect(links.getByRole("link", { name: "App Store" })).toHaveAttribute("href", /^https:\/\/apps\.apple\.com\//);
  await expect(links.getByRole("link", { name: "Google Play" })).toHaveAttribute(
    "href",
    "https://play.google.com/store/apps/details?id=app.ivrit.hebrew",
  );
  for (const name of [/^Get (Plus|Pro)/, "Restore purchases", "Manage subscription"])
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  await expect(page.locator("[data-testid^='buy-'], [data-testid='restore-purchases']")).toHaveCount(0);
}

test("Upgrade shows the store links and no purchase buttons on web", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/upgrade");
  await settle(page);
  await expect(page.getByRole("heading", { name: "Get the app to upgrade" })).toBeVisible();
  await expectStoreLinksAndNoPurchaseButtons(page);
});

test("Account shows the app-only banner with the store links and no purchase buttons on web", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/account");
  await settle(page);
  await expect(page.getByText("Purchases are in the app")).toBeVisible();
  await expectStoreLinksAndNoPurchaseButtons(page);
});

/** Opens the library on the free plan: tier 2 is a locked preview. */
async function openLockedLibrary(page: Page) {
  await page.goto("/library");
  await settle(page);
  await expect(page.getByRole("radio", { name: "Tier 1" })).toBeChecked();
  await page
    .locator("label")
    .filter({ hasText: /^Tier 2$/ })
    .click();
  await expect(page.getByText("Tier 2 modules need a higher plan")).toBeVisible();
  await expect(page.locator("article[data-module-id]").filter({ hasText: "Locked" }).first()).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}

async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

test("a plan granted by the webhook unlocks the library when the learner comes back to the tab", async ({
  page,
  request,
}) => {
  const id = await seedUser(page, { language: "en", level: 3 });
  await openLockedLibrary(page);
  await grant(request, id, "plus");
  // The tab becomes visible again (back from the app or the store): the plan is re-read.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  await expect(page.getByRole("radio", { name: "Tier 2" })).toBeChecked();
  await expect(page.getByText("Tier 2 modules need a higher plan")).toHaveCount(0);
  const tier2 = page.locator("article[data-module-id]").first();
  await expect(tier2.getByRole("button", { name: "Activate" })).toBeVisible();
  await expect(page.locator("article[data-module-id]").filter({ hasText: "Locked" })).toHaveCount(0);
  await expectNoReload(page);
});

test("a plan granted by the webhook unlocks the library on the auth-changed event", async ({ page, request }) => {
  const id = await seedUser(page, { language: "en", level: 3 });
  await openLockedLibrary(page);
  await grant(request, id, "pro");
  await page.evaluate(() => window.dispatchEvent(new Event("auth-changed")));
  await expect(page.getByRole("radio", { name: "Tier 3" })).toBeChecked();
  await expect(page.getByText(/modules need a higher plan/)).toHaveCount(0);
  await expect(page.locator("article[data-module-id]").filter({ hasText: "Locked" })).toHaveCount(0);
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByTestId("plan-badge")).toHaveText("Pro");
  await expectNoReload(page);
});

test("the webhook refuses a wrong secret", async ({ request }) => {
  const res = await request.post("/api/webhooks/revenuecat", {
    headers: { Authorization: "Bearer wrong" },
    data: { event: { id: randomUUID(), type: "INITIAL_PURCHASE", event_timestamp_ms: Date.now() } },
  });
  expect(res.status()).toBe(401);
});

test("on web the service worker at /sw.js caches the shell but no identified /api response", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/library");
  await settle(page);
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "");
  expect(new URL(script).pathname).toBe("/sw.js");
  // A second load goes through the worker.
  await page.reload();
  await settle(page);
  const cached = await page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname);
    return out;
  });
  expect(cached).toContain("/index.html");
  expect(cached.some((p) => p.startsWith("/assets/"))).toBe(true);
  expect(cached.filter((p) => p.startsWith("/api/"))).toEqual([]);
});
