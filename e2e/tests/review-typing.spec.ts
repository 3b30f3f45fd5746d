// Issue 24, at phone size in English and Arabic: typing בית for בת (daughter) is refused with what בית means; a
// final letter written as a medial one (יומ) is accepted with a note; the field does not open the device's
// keyboard while the on-screen Hebrew one is shown; a listening card plays on arrival.
import { expect, type Page, test } from "@playwright/test";
import { LANGUAGES, newUser, shoot } from "./games-helpers.ts";
import { apiHeaders } from "./helpers.ts";

const D = 86_400_000;
const BAT = 2003; // בת, daughter
const YOM = 6001; // יום, day
const LISTEN = 2004;
const HOUSE = { en: "house; home", ar: "بيت؛ منزل" } as const;

/** Clicks the on-screen keys of a Hebrew word. */
async function typeOnScreen(page: Page, word: string) {
  for (const letter of word) await page.locator(`[data-key="${letter}"]`).click();
}

for (const lang of LANGUAGES) {
  test(`review typing refuses another word by name, notes a medial final; listening plays on arrival (${lang})`, async ({
    page,
    request,
  }) => {
    const user = await newUser(page, request, lang);
    await page.setViewportSize({ width: 390, height: 844 });
    // Count the recordings the page starts (a listening card must start one by itself).
    await page.addInitScript(() => {
      const w = window as unknown as { plays: number };
      w.plays = 0;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        w.plays++;
        return play.call(this);
      };
    });
    // Two words recalled over three months (typing cards) and one over ten days (a listening card), sent with past
    // times as an offline device would.
    const now = Date.now();
    const ev = (wordId: number, daysAgo: number, i: number, outcome = "right", exercise?: string) => ({
      id: `t${wordId}-${i}`,
      wordId,
      at: new Date(now - daysAgo * D).toISOString(),
      game: "review",
      outcome,
      ...(exercise && { exercise }),
    });
    const strong = (wordId: number) => [90, 75, 55, 30, 5].map((d, i) => ev(wordId, d, i));
    const seeded = await request.post("/api/review/events", {
      headers: apiHeaders(user),
      data: {
        events: [
          ...strong(BAT),
          ...strong(YOM),
          // Produced once, in review with a stability of about 4 days: listening (decision 0067).
          ev(LISTEN, 12, 0),
          ev(LISTEN, 12 - 1 / 144, 1, "right", "typing"),
          // A sixth answer: the card's turn (decision 0101) comes back to its plain exercise, whatever it offers.
          ev(LISTEN, 12 - 2 / 144, 5),
          ev(LISTEN, 9, 2, "wrong"),
          ev(LISTEN, 9 - 1 / 36, 3),
          ev(LISTEN, 6, 4),
        ],
      },
    });
    expect(seeded.ok()).toBe(true);

    const session = page.waitForResponse((r) => r.url().includes("/api/review/session") && r.ok());
    await page.goto(`/review?words=${BAT},${YOM},${LISTEN}`);
    const items = ((await (await session).json()) as { items: { wordId: number; exercise: string }[] }).items;
    expect(items.map((i) => [i.wordId, i.exercise])).toEqual([
      [BAT, "typing"],
      [YOM, "typing"],
      [LISTEN, "listening"],
    ]);

    // 1. בית for בת: refused, saying what בית is.
    const card = page.getByTestId("review-card");
    await expect(card).toHaveAttribute("data-word", String(BAT));
    const input = page.getByTestId("typing-input");
    await expect(input).toHaveAttribute("inputmode", "none");
    await typeOnScreen(page, "בית");
    await expect(input).toHaveValue("בית");
    await page.keyboard.press("Enter");
    await expect(input).toHaveAttribute("data-verdict", "wrong");
    const other = page.getByTestId("typed-other");
    await expect(other.locator("bdi[lang='he']")).toHaveText("בית");
    await expect(other).toContainText(HOUSE[lang]);
    await shoot(page, `review-typing-other-${lang}`);
    await page.getByTestId("review-next").click();

    // 2. יומ for יום: right, with the final-letter note; the device's keyboard on request.
    await expect(card).toHaveAttribute("data-word", String(YOM));
    await page.getByTestId("keyboard-toggle").click();
    await expect(input).toHaveAttribute("inputmode", "text");
    await expect(page.locator("[data-key]")).toHaveCount(0);
    await page.getByTestId("keyboard-toggle").click();
    await expect(input).toHaveAttribute("inputmode", "none");
    await typeOnScreen(page, "יומ");
    await page.keyboard.press("Enter");
    await expect(input).toHaveAttribute("data-verdict", "tolerated");
    await expect(page.getByTestId("typed-final").locator("bdi[lang='he']")).toHaveText(["ם", "מ"]);
    await shoot(page, `review-typing-final-${lang}`);
    const before = await page.evaluate(() => (window as unknown as { plays: number }).plays);
    await page.getByTestId("review-next").click();

    // 3. The listening card plays by itself (the taps before it let the browser play).
    await expect(card).toHaveAttribute("data-exercise", "listening");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { plays: number }).plays))
      .toBeGreaterThan(before);
  });
}
