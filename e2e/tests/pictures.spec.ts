// Pictures of words (issue 28.3, decision 0104), phone size, in English and Arabic: the words page, the word card and
// the flash cards show the picture of a word that has one (loaded from /pictures/<file>.svg, an SVG image) and none
// for a word without; /home's first load fetches no picture; a picture shown once is in the service worker's cache.
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type ApiWord, collect, LANGUAGES, newUser, openGame, shoot } from "./games-helpers.ts";
import { apiHeaders, settle } from "./helpers.ts";

type PictureWord = ApiWord & { picture?: string | null };
const DOG = 7002; // כלב dog: 🐕 1f415
const ANIMAL = 7001; // חיה animal: no picture

/** The picture has arrived and decoded (a broken or missing file has no natural size). */
async function expectLoaded(page: Page, selector: string) {
  await expect
    .poll(() => page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

for (const lang of LANGUAGES) {
  test(`pictures on the words page, the word card and the flash cards (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const id = await newUser(page, request, lang);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      (await request.post("/api/me/active-module", { headers: apiHeaders(id), data: { module_id: 7 } })).ok(),
    ).toBe(true);
    const pictures: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/pictures/")) pictures.push(new URL(r.url()).pathname);
    });

    // /home: no picture in its first load.
    await page.goto("/home");
    await settle(page);
    expect(pictures).toEqual([]);
    // The service worker is active before the next page: that page's pictures go through it.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // The words page: the dog's tile has its picture, the tile of "animal" none.
    const words = collect<PictureWord>(page, "/api/words?");
    await page.goto("/words");
    await settle(page);
    const dog = await words.get(DOG);
    expect(dog.picture).toBe("1f415");
    expect((await words.get(ANIMAL)).picture).toBeNull();
    // A tile by its word's button (an example sentence of another tile may hold the word too).
    const tile = (he: string) =>
      page.locator("article").filter({ has: page.getByRole("button", { name: he, exact: true }) });
    const dogTile = tile(dog.word_with_nikkud);
    await expect(dogTile.getByTestId("word-picture")).toHaveAttribute("src", "/pictures/1f415.svg");
    await expect(dogTile.getByTestId("word-picture")).toHaveAttribute("alt", "");
    await expectLoaded(page, 'article [data-picture="1f415"]');
    await expect(tile((await words.get(ANIMAL)).word_with_nikkud).getByTestId("word-picture")).toHaveCount(0);
    const svg = await request.get("/pictures/1f415.svg");
    expect(svg.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(svg.headers()["cache-control"]).toContain("max-age=31536000");
    await shoot(page, `pictures-words-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });

    // The word card: the picture beside the word.
    await dogTile.getByRole("button", { name: dog.word_with_nikkud, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("word-picture")).toHaveAttribute("src", "/pictures/1f415.svg");
    await shoot(page, `pictures-card-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press("Escape");

    // Flash cards: every card of the deck shows its word's picture, or none; both kinds come up.
    const game = await openGame(page, "/game/7/flashcards");
    const card = page.getByTestId("question");
    await expect(card).toBeVisible();
    const total = Number((await page.getByTestId("card-count").textContent())?.match(/\d+\D+(\d+)/u)?.[1] ?? 0);
    expect(total).toBeGreaterThan(1);
    const seen = { with: 0, without: 0 };
    for (let i = 0; i < total; i++) {
      const word: PictureWord = await game.get(Number(await card.getAttribute("data-word-id")));
      const img = card.getByTestId("word-picture");
      if (word.picture) {
        await expect(img).toHaveAttribute("src", `/pictures/${word.picture}.svg`);
        await expectLoaded(page, '[data-testid="question"] [data-testid="word-picture"]');
        if (seen.with++ === 0) await shoot(page, `pictures-flashcards-${lang}`);
        await page.setViewportSize({ width: 390, height: 844 });
      } else {
        await expect(img).toHaveCount(0);
        seen.without++;
      }
      await page.getByTestId("next").click();
    }
    expect(seen.with).toBeGreaterThan(0);
    expect(seen.without).toBeGreaterThan(0);

    // The beginner explorer's word list: the dog (93055) has its picture.
    await page.goto("/words?view=beginner");
    await settle(page);
    await page
      .getByRole("button", { name: lang === "en" ? "Words" : "الكلمات" })
      .first()
      .click();
    await expect(page.locator('li [data-picture="1f415"]')).toBeVisible();
    // Lazy: it loads once scrolled into view.
    await page.locator('li [data-picture="1f415"]').scrollIntoViewIfNeeded();
    await expectLoaded(page, 'li [data-picture="1f415"]');
    await shoot(page, `pictures-beginner-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });

    // The credit Twemoji's licence asks for, on the privacy page.
    await page.goto("/privacy");
    await settle(page);
    const credits = page.getByTestId("credits");
    await expect(credits).toContainText("Twemoji");
    await expect(credits).toContainText("Twitter,\u00a0Inc");
    await expect(credits.locator('a[href="https://creativecommons.org/licenses/by/4.0/"]')).toBeVisible();
    await credits.screenshot({ path: join(import.meta.dirname, "..", "screenshots", `pictures-credits-${lang}.png`) });

    // A picture shown once is kept for offline use (cache first, sw/sw.ts).
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open("ivrit-pictures");
          return (await cache.keys()).map((r) => new URL(r.url).pathname);
        }),
      )
      .toContain("/pictures/1f415.svg");
  });
}
