// Account and plans (issue 11.3): honest texts about where a plan lives, the device's id with a copy button, and
// no "Upgrade?" nag for a paying learner.
import { expect, test } from "@playwright/test";
import { grantPlan, seedUser, settle } from "./helpers.ts";

test("Account shows this device's anonymous id with a copy button and says plans are per device", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const id = await seedUser(page, { language: "en", level: 3 });
  await page.goto("/account");
  await settle(page);
  await expect(page.getByTestId("device-id")).toHaveText(id);
  await page.getByRole("button", { name: "Copy the id" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(id);
  const main = page.locator("main");
  await expect(main).toContainText("nothing links devices or browsers");
  await expect(main).not.toContainText("appears here automatically");
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
