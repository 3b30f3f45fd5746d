// Account and plans (issue 11.3): honest texts about where a plan lives, the support id with a copy button (never
// the device's anonymous id: issue 26.7), and no "Upgrade?" nag for a paying learner.
import { expect, test } from "@playwright/test";
import { grantPlan, seedUser, settle } from "./helpers.ts";

test("Account shows the public support id with a copy button, never the anonymous id, and says how plans follow", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const id = await seedUser(page, { language: "en", level: 3 });
  await page.goto("/account");
  await settle(page);
  const support = page.getByTestId("support-id");
  await expect(support).toHaveText(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
  // The anonymous id is a bearer secret (issue 26.7): nowhere on the page.
  await expect(page.locator("body")).not.toContainText(id);
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await support.textContent());
  const main = page.locator("main");
  await expect(main).toContainText("a plan bought there counts here too");
  await expect(page.getByRole("banner").getByRole("link", { name: "Upgrade?" })).toBeVisible();
  await page.goto("/upgrade");
  await expect(page.locator("main")).not.toContainText("also works here");
});

test("a pro learner sees 'Plans', never 'Upgrade?'", async ({ page, request }) => {
  const id = await seedUser(page, { language: "en", level: 3 });
  await grantPlan(request, id, "pro");
  for (const path of ["/home", "/library", "/account"]) {
    await page.goto(path);
    await settle(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Plans" })).toBeVisible();
    await expect(page.getByText("Upgrade?")).toHaveCount(0);
  }
});
