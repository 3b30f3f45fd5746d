// The service worker's side of a reminder (issue 30.2): a push message delivered to it (through Chromium's DevTools
// protocol, as the push service would) is shown as a notification with the server's texts, its /review target and
// the "turn off" action. What a tap does on a real device is not reachable from a headless browser.
import { expect, test } from "@playwright/test";
import { apiHeaders, seedUser, settle } from "./helpers.ts";

test("a push message is shown as the reminder notification", async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? "http://localhost").origin;
  await context.grantPermissions(["notifications"], { origin });
  await seedUser(page, { language: "en", level: 3, local: { first_run: "done" } });
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
  await cdp.send("ServiceWorker.enable");
  await page.goto("/home");
  await settle(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect.poll(() => registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin))).toBeTruthy();
  const registrationId = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin))?.registrationId;

  const payload = {
    title: "Time for Hebrew",
    body: "3 cards are due. Today's goal is not met yet.",
    off: "Turn reminders off",
    url: "/review",
    due: 3,
    day: "2026-11-28",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: registrationId ?? "",
    data: JSON.stringify(payload),
  });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          return (await reg.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data as unknown,
            actions: (n as Notification & { actions?: { action: string; title: string }[] }).actions ?? [],
          }));
        }),
      { timeout: 10_000 },
    )
    .toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: "reminder-2026-11-28",
        data: { url: "/review" },
        actions: [expect.objectContaining({ action: "off", title: "Turn reminders off" })],
      },
    ]);
});

for (const language of ["en", "ar"] as const) {
  test(`the reminder's time, days and quiet hours are saved from Account and shown on /progress (${language})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const id = await seedUser(page, { language, level: 3, local: { first_run: "done" } });
    await page.goto("/account");
    await settle(page);
    const section = page.getByTestId("reminders");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(
      language === "en" ? "Daily reminder" : "التذكير اليومي",
    );
    await expect(page.getByTestId("reminders-switch")).not.toBeChecked();
    await page.getByTestId("reminders-time").fill("07:30");
    // Sunday off (its name in the interface language), quiet hours off.
    const sunday = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(2026, 10, 29)),
    );
    await section.getByRole("checkbox", { name: sunday, exact: true }).uncheck();
    await section
      .getByRole("checkbox", { name: language === "en" ? "Quiet hours (no reminder)" : "ساعات الهدوء (بلا تذكير)" })
      .uncheck();
    await page.getByTestId("reminders-save").click();
    await expect(section.getByText(language === "en" ? "Saved." : "تم الحفظ.")).toBeVisible();
    const saved = (await (await request.get("/api/reminders", { headers: apiHeaders(id) })).json()) as {
      time: string;
      days: number[];
      quietStart: string | null;
      enabled: boolean;
    };
    expect(saved).toMatchObject({ time: "07:30", days: [1, 2, 3, 4, 5, 6], quietStart: null, enabled: false });
    await page.goto("/progress");
    await settle(page);
    await expect(page.getByTestId("reminders-time")).toHaveValue("07:30");
  });
}
