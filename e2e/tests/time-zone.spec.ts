// The device's time zone reaches the server once the page is idle (the server counts the learner's days in it), and
// is not asked again on every page (decision 0115): a second page the same day, at the same offset, reads no settings;
// the device in another zone (a new offset) sets the server's zone again.
import { expect, type Page, test } from "@playwright/test";
import { apiHeaders, seedUser } from "./helpers.ts";

/** The GET /api/review/settings requests a page makes in its first `ms`. */
async function settingsReads(page: Page, path: string, ms: number): Promise<number> {
  let reads = 0;
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname === "/api/review/settings") reads++;
  });
  await page.goto(path);
  await page.waitForTimeout(ms);
  return reads;
}

test("the time zone is sent once idle, not read again the same day, and sent again from another zone", async ({
  browser,
  request,
}) => {
  const tokyo = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const page = await tokyo.newPage();
  const id = await seedUser(page, { language: "en", level: 2, local: { first_run: "done" } });
  const headers = apiHeaders(id);
  const serverZone = async () =>
    ((await (await request.get("/api/review/settings", { headers })).json()) as { timeZone: string }).timeZone;

  await page.goto("/library");
  await expect.poll(serverZone, { timeout: 15_000 }).toBe("Asia/Tokyo");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("tz_checked")), { timeout: 5_000 }).toContain(id);

  // The next page of the day: the idle check finds this device's note and reads nothing (it runs within 5 s).
  const next = await tokyo.newPage();
  expect(await settingsReads(next, "/library", 7_000)).toBe(0);
  const state = await tokyo.storageState();
  await tokyo.close();

  // The same device in Paris (another UTC offset): the zone is asked and sent again.
  const paris = await browser.newContext({ timezoneId: "Europe/Paris", storageState: state });
  const there = await paris.newPage();
  await there.goto("/library");
  await expect.poll(serverZone, { timeout: 15_000 }).toBe("Europe/Paris");
  await paris.close();
});
