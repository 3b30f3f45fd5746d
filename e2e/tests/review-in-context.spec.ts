// Issue 28, at phone size in English and Arabic, by keyboard alone: a review session with a cloze chosen (keys 1-4)
// and typed, a verb form and a picture question. The cards' histories are sent with past times, as an offline
// device would; which exercise each card gets follows from its history (core's exerciseFor), so the test reads
// the session and picks one card of each kind.

import type { ReviewCard } from "@ivrit/core/schemas/review";
import { expect, type Page, test } from "@playwright/test";
import { LANGUAGES, newUser, shoot } from "./games-helpers.ts";
import { apiHeaders } from "./helpers.ts";

const D = 86_400_000;
const MINUTE = 60_000;
// Module 3 (food and drink, tier 1): its nouns have pictures and sentences with gaps, its verbs tables.
const NOUNS = [3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009, 3010, 3011, 3012, 3013, 3014];
const VERBS = [3020, 3023, 3024, 3027, 3028, 3031];

type Ev = { id: string; wordId: number; at: string; game: string; outcome: string; exercise?: string };

/** Recalled on one day, once typed: a learning card past its first steps (k answers). */
function learning(wordId: number, k: number, now: number): Ev[] {
  return Array.from({ length: k }, (_, i) => ({
    id: `l${wordId}-${i}`,
    wordId,
    at: new Date(now - 3 * D + i * 20 * MINUTE).toISOString(),
    game: "review",
    outcome: "right",
    ...(i === 1 && { exercise: "typing" }),
  }));
}

/** Recalled over months, once typed: a known card (k answers, 4 to 6). */
function known(wordId: number, k: number, now: number): Ev[] {
  return [120, 90, 75, 55, 30, 5].slice(-k).map((days, i) => ({
    id: `k${wordId}-${i}`,
    wordId,
    at: new Date(now - days * D).toISOString(),
    game: "review",
    outcome: "right",
    ...(i === 1 && { exercise: "typing" }),
  }));
}

/** The key (1-4) of the right answer of a choice card. */
function rightKey(item: ReviewCard): string {
  const i =
    item.exercise === "form"
      ? (item.form?.options.findIndex((o) => o.nikkud === item.form?.nikkud) ?? -1)
      : item.options.findIndex((o) => o.wordId === item.wordId);
  expect(i).toBeGreaterThanOrEqual(0);
  return String(i + 1);
}

async function answer(page: Page, item: ReviewCard, lang: string) {
  const card = page.getByTestId("review-card");
  await expect(card).toHaveAttribute("data-word", String(item.wordId));
  await expect(card).toHaveAttribute("data-exercise", item.exercise);
  if (item.exercise === "cloze" || item.exercise === "cloze_typing") {
    await expect(page.getByTestId("cloze-sentence")).toBeVisible();
    await expect(page.getByTestId("cloze-translation")).toHaveText(item.cloze?.translation ?? "?");
    // The gap hides the form: the sentence shows what is around it, not the form itself.
    await expect(page.getByTestId("cloze-sentence")).not.toContainText(item.cloze?.pointed.gap ?? "?");
  }
  if (item.exercise === "form" || item.exercise === "form_typing") {
    await expect(page.getByTestId("form-meaning")).toHaveText(item.form?.meaning ?? "?");
    await expect(page.getByTestId("form-tense")).toBeVisible();
  }
  if (item.exercise === "picture") await expect(page.locator("[data-testid='options'] img")).toHaveCount(4);
  if (item.exercise.endsWith("_typing")) {
    const target = item.exercise === "cloze_typing" ? item.cloze?.plain.gap : item.form?.he;
    await expect(page.getByTestId("typing-input")).toBeFocused();
    await page.keyboard.type(target ?? "?");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("typing-input")).toHaveAttribute("data-verdict", "exact");
  } else {
    await page.keyboard.press(rightKey(item));
  }
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "true");
  if (item.exercise.startsWith("cloze")) await expect(page.locator("mark")).toHaveText(item.cloze?.pointed.gap ?? "?");
  await shoot(page, `review-context-${item.exercise}-${lang}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("review-next")).toBeFocused();
  await page.keyboard.press("Enter");
}

for (const lang of LANGUAGES) {
  test(`review in context: a cloze chosen and typed, a verb form and a picture, by keyboard (${lang})`, async ({
    page,
    request,
  }) => {
    const user = await newUser(page, request, lang);
    await page.setViewportSize({ width: 390, height: 844 });
    const now = Date.now();
    const events = [
      ...NOUNS.flatMap((id, i) => (i % 2 === 0 ? learning(id, 2 + ((i / 2) % 3), now) : known(id, 4 + (i % 3), now))),
      ...VERBS.flatMap((id, i) => known(id, 4 + (i % 3), now)),
    ];
    const seeded = await request.post("/api/review/events", { headers: apiHeaders(user), data: { events } });
    expect(seeded.ok()).toBe(true);

    // Which exercise each card gets (the same on every read: it follows from the card).
    const all = [...NOUNS, ...VERBS];
    const read = await request.get(`/api/review/session?language=${lang}&words=${all.join(",")}`, {
      headers: apiHeaders(user),
    });
    expect(read.ok()).toBe(true);
    const items = ((await read.json()) as { items: ReviewCard[] }).items;
    const first = (kinds: string[]) => items.find((i) => kinds.includes(i.exercise));
    const wanted = [first(["cloze"]), first(["cloze_typing"]), first(["form", "form_typing"]), first(["picture"])];
    expect(
      wanted.map((w) => w?.exercise ?? "missing"),
      items.map((i) => `${i.wordId}:${i.exercise}`).join(" "),
    ).toEqual(["cloze", "cloze_typing", expect.stringMatching(/^form/), "picture"]);
    const ids = wanted.map((w) => w?.wordId);

    // The answers the page sends, as they leave.
    const sent: Ev[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/review/events"))
        sent.push(...((r.postDataJSON() as { events: Ev[] }).events ?? []));
    });
    const session = page.waitForResponse((r) => r.url().includes("/api/review/session") && r.ok());
    await page.goto(`/review?words=${ids.join(",")}`);
    const served = ((await (await session).json()) as { items: ReviewCard[] }).items;
    expect(served.map((i) => i.exercise)).toEqual(wanted.map((w) => w?.exercise));
    for (const item of served) await answer(page, item, lang);
    await expect(page.getByTestId("review-done")).toBeVisible();

    // Each answer went out as a review of its word, with its exercise, right.
    await expect
      .poll(() => sent.map((e) => `${e.wordId}:${e.exercise}:${e.outcome.startsWith("right")}`))
      .toEqual(served.map((i) => `${i.wordId}:${i.exercise}:true`));
  });
}
