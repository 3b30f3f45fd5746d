// Recovery (issue 11.2): a page that cannot load shows the error boundary under the header, in the learner's
// language, with Retry; offline it says so and tries again when the connection is back.
import { expect, test } from "@playwright/test";
import { seedUser, settle } from "./helpers.ts";

// The service worker would answer some requests itself; these tests are about what the page does when a download
// fails, so they talk to the network directly.
test.use({ serviceWorkers: "block" });

test("a blocked lazy chunk shows the error boundary with the header, and Retry loads the page", async ({ page }) => {
  await seedUser(page, { language: "en", level: 3 });
  await page.goto("/home");
  await settle(page);
  const chunk = /\/assets\/library-page-[^/]*\.js$/;
  await page.route(chunk, (route) => route.abort("failed"));
  await page.getByRole("banner").getByRole("link", { name: "Library" }).first().click();
  const boundary = page.getByTestId("route-error");
  await expect(boundary.getByRole("alert")).toContainText("This page could not be shown");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Play" }).first()).toBeVisible();
  await page.unroute(chunk);
  await boundary.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Library" })).toBeVisible();
});

test("offline, the boundary says so in the learner's language and retries when back online", async ({
  page,
  context,
}) => {
  await seedUser(page, { language: "ar", level: 3 });
  await page.goto("/home");
  await settle(page);
  await context.setOffline(true);
  await page.getByRole("banner").getByRole("link", { name: "الحساب" }).first().click();
  const boundary = page.getByTestId("route-error");
  await expect(boundary.getByRole("alert")).toContainText("أنت غير متصل بالإنترنت");
  await expect(boundary).not.toContainText("Failed to fetch");
  await expect(page.getByRole("banner")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole("heading", { level: 1, name: "الحساب" })).toBeVisible();
  await expect(boundary).toHaveCount(0);
});
