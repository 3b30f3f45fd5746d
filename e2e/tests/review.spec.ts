// The learning memory end to end (issue 10), in English and Arabic: a new learner plays translation match (one
// answer wrong) with the clock 30 days back; with the clock back at today, the chooser and /review show those
// words due; a review session with all four exercise types is completed with the keyboard alone; /progress
// shows the streak and both plots.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { type ApiWord, clickOption, collect, LANGUAGES, newUser, norm, passTeaching, shoot } from "./games-helpers.ts";
import { apiHeaders } from "./helpers.ts";

type Item = {
  wordId: number;
  he: string;
  nikkud: string;
  exercise: "meaning" | "reverse" | "listening" | "typing";
  nikkudHidden: boolean;
  options: { wordId: number; he: string; nikkud: string; translation: string }[];
};

const H = 3_600_000;
const D = 24 * H;
const MARKS = /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/u;

/** Serious or critical axe-core findings on the page as it is now. */
async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Plays translation match, the first question wrong and the rest right; returns the word ids and the missed one. */
async function playTranslationMatch(page: Page) {
  const words = collect<ApiWord>(page, "/api/words?");
  await page.goto("/game/3/translation-match");
  const step = page.getByTestId("step");
  await expect(step).toBeVisible();
  const count = Number(await step.getAttribute("data-count"));
  const played: number[] = [];
  for (let i = 0; i < count; i++) {
    await expect(step).toHaveAttribute("data-index", String(i));
    const wordId = Number(await page.getByTestId("question").getAttribute("data-word-id"));
    played.push(wordId);
    const answer = (await words.get(wordId)).translation;
    if (i === 0) {
      await passTeaching(page);
      const options = await page
        .getByTestId("options")
        .locator("button")
        .evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.option ?? ""));
      await clickOption(page, options.find((o) => norm(o) !== norm(answer)) as string);
      await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "wrong");
    } else {
      await clickOption(page, answer);
      await expect(page.getByTestId("feedback")).toHaveAttribute("data-tone", "correct");
    }
  }
  await page.waitForURL(/\/game-over$/);
  return { played, missed: played[0] as number };
}

for (const lang of LANGUAGES) {
  test(`review: game answers become due cards, a keyboard-only session of four exercise types, progress (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await newUser(page, request, lang);
    const headers = apiHeaders(user);

    // 1. A new learner plays translation match 30 days ago.
    const past = Date.now() - 30 * D;
    await page.clock.setFixedTime(past);
    const sent: { wordId: number; at: string; game: string; outcome: string }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/review/events") && r.method() === "POST")
        sent.push(...(r.postDataJSON() as { events: typeof sent }).events);
    });
    const storedIds: string[] = [];
    page.on("response", async (r) => {
      if (r.url().endsWith("/api/review/events") && r.ok())
        for (const x of ((await r.json()) as { results: { id: string; status: string }[] }).results)
          if (x.status === "stored") storedIds.push(x.id);
    });
    const { played, missed } = await playTranslationMatch(page);
    // Every answer reached the server (in one or more batches) before the page moves on.
    await expect.poll(() => storedIds.length).toBe(played.length);
    expect(sent.map((e) => e.wordId).sort()).toEqual([...played].sort());
    expect(sent.every((e) => e.game === "translation_match" && Date.parse(e.at) === past)).toBe(true);
    expect(sent.find((e) => e.wordId === missed)?.outcome).toBe("wrong");
    // Game over: the missed word, and a session of exactly it.
    const missedCard = page.getByTestId("missed-words");
    await expect(missedCard.locator(`li[data-word-id="${missed}"]`)).toBeVisible();
    await expect(missedCard.getByRole("link")).toHaveAttribute("href", `/review?words=${missed}`);

    // 2. The clock moves to today: the chooser counts those words due.
    await page.clock.setFixedTime(Date.now());
    await page.goto("/home");
    const card = page.getByTestId("review-card-chooser");
    await expect(card).toHaveAttribute("data-due", String(played.length));
    await expect(card.getByTestId("review-due-count")).toContainText(String(played.length));

    // 3. Three more cards at other stages (sent with past times, as an offline device would), a goal of 5 a day,
    // and no new words, so that the session is exactly the due cards.
    const module3 = (await (await request.get("/api/words?moduleId=3&limit=100&language=en", { headers })).json()) as {
      items: ApiWord[];
    };
    const others = module3.items.map((w) => w.id).filter((id) => !played.includes(id));
    const [learning, typing, listening] = others as [number, number, number];
    const now = Date.now();
    const ev = (id: string, wordId: number, ago: number, outcome: string, exercise?: string) => ({
      id,
      wordId,
      at: new Date(now - ago).toISOString(),
      game: "review",
      outcome,
      ...(exercise && { exercise }),
    });
    const seeded = await request.post("/api/review/events", {
      headers,
      data: {
        events: [
          ev("s1", learning, H, "right"), // recalled once, learning: a reverse choice (decision 0067)
          ev("s2", typing, 3 * D, "right"),
          ev("s3", typing, 3 * D - 10 * 60_000, "right"), // in review, never produced: typing
          ev("s4", listening, 12 * D, "right"),
          ev("s5", listening, 12 * D - 10 * 60_000, "right", "typing"), // produced
          ev("s9", listening, 12 * D - 20 * 60_000, "right"), // a sixth answer: its turn is the plain one (0101)
          ev("s6", listening, 9 * D, "wrong"),
          ev("s7", listening, 9 * D - 40 * 60_000, "right"),
          ev("s8", listening, 6 * D, "right"), // produced, in review, stability 4.1 days: listening
        ],
      },
    });
    expect(seeded.ok()).toBe(true);
    const settings = await request.patch("/api/review/settings", { headers, data: { dailyNewLimit: 0, dailyGoal: 5 } });
    expect(await settings.json()).toMatchObject({ dailyNewLimit: 0, dailyGoal: 5 });

    // 4. /review (through the header link): the due words, each exercise answered with the keyboard alone.
    const session = page.waitForResponse((r) => r.url().includes("/api/review/session") && r.ok());
    await page.goto("/home");
    await page
      .locator("header")
      .getByRole("link", { name: lang === "en" ? "Review" : "المراجعة" })
      .first()
      .click();
    await expect(page).toHaveURL(/\/review$/);
    const items = ((await (await session).json()) as { items: Item[] }).items;
    expect(items.map((i) => i.wordId).sort()).toEqual([...played, learning, typing, listening].sort());
    const byId = new Map(items.map((i) => [i.wordId, i]));
    // The ladder of decision 0067: just missed -> meaning; recalled once -> reverse; not yet produced -> typing.
    expect(byId.get(missed)?.exercise).toBe("meaning");
    expect(byId.get(learning)?.exercise).toBe("reverse");
    expect(byId.get(typing)?.exercise).toBe("typing");
    expect(byId.get(listening)?.exercise).toBe("listening");
    expect(played.filter((id) => id !== missed).every((id) => byId.get(id)?.exercise === "reverse")).toBe(true);

    const seen = new Set<string>();
    const reviewCard = page.getByTestId("review-card");
    for (let i = 0; i < items.length; i++) {
      await expect(page.getByTestId("review-step")).toHaveAttribute("data-index", String(i));
      const wordId = Number(await reviewCard.getAttribute("data-word"));
      const item = byId.get(wordId) as Item;
      const exercise = (await reviewCard.getAttribute("data-exercise")) as Item["exercise"];
      expect(exercise).toBe(item.exercise);
      seen.add(exercise);
      if (exercise === "typing") {
        const input = page.getByTestId("typing-input");
        await expect(input).toBeFocused();
        await expect(input).toHaveAttribute("dir", "rtl");
        await page.keyboard.type(item.he);
        await page.keyboard.press("Enter");
        await expect(input).toHaveAttribute("data-verdict", "exact");
      } else {
        if (exercise === "listening") {
          expect(item.nikkudHidden).toBe(true);
          // A well-known card: the options' Hebrew without nikkud until tapped.
          const first = page.getByTestId("options").locator("button[data-option] bdi[lang='he']").first();
          expect(MARKS.test((await first.textContent()) ?? "")).toBe(false);
          await page.getByTestId("reveal-nikkud").click();
          await expect.poll(async () => MARKS.test((await first.textContent()) ?? "")).toBe(true);
        }
        const index = item.options.findIndex((o) => o.wordId === wordId);
        await page.keyboard.press(String(index + 1));
      }
      // The verdict is announced, and the right form is shown pointed.
      const feedback = page.getByTestId("feedback");
      await expect(feedback).toHaveAttribute("aria-live", "polite");
      await expect(feedback).toHaveAttribute("data-tone", "true");
      await expect(feedback.locator("bdi[lang='he'][dir='rtl']").first()).toHaveText(item.nikkud || item.he);
      if (i === 1) await shoot(page, `review-${exercise}-${lang}`);
      if (i === 0 || exercise === "typing") expect(await axe(page)).toEqual([]);
      const next = page.getByTestId("review-next");
      await expect(next).toBeFocused();
      await page.keyboard.press("Enter");
    }
    expect([...seen].sort()).toEqual(["listening", "meaning", "reverse", "typing"]);
    await expect(page.getByTestId("review-done")).toContainText(`${items.length}`);
    await shoot(page, `review-done-${lang}`);

    // The events of the session reached the server: nothing is due any more.
    await expect
      .poll(async () => ((await (await request.get("/api/review/queue", { headers })).json()) as { due: number }).due)
      .toBe(0);

    // The library shows the module's known/total, the words page marks the same number of words known.
    const progress = (await (await request.get("/api/review/progress?language=en", { headers })).json()) as {
      modules: { moduleId: number; known: number; total: number }[];
      model: { inUse: string; answers: number; nextFitAt: number };
    };
    const known = progress.modules.find((m) => m.moduleId === 3)?.known ?? 0;
    // Known: recalled on two days, once typed (decision 0067): the typed word and the listening one, not the words
    // only chosen in the game and the session.
    expect(known).toBe(2);
    await page.goto("/library");
    await expect(page.locator('article[data-module-id="3"]').getByTestId("module-known")).toHaveAttribute(
      "data-known",
      String(known),
    );
    // The words page shows the active module: make it the game's module (a new learner's first visit may
    // also auto-pick one).
    expect((await request.post("/api/me/active-module", { headers, data: { module_id: 3 } })).ok()).toBe(true);
    await page.goto("/words");
    await expect(page.getByTestId("known-mark")).toHaveCount(known);

    // 5. /progress: today's goal met, a streak of one day, words by state, both plots.
    await page.goto("/progress");
    await expect(page.getByTestId("progress-streak")).toHaveAttribute("data-streak", "1");
    await expect(page.getByTestId("progress-goal")).toContainText("5");
    await expect(page.getByTestId("chart-reviews").locator("canvas")).toBeVisible();
    await expect(page.getByTestId("chart-due").locator("canvas")).toBeVisible();
    await expect(page.getByTestId("chart-reviews").locator("table tbody tr")).toHaveCount(30);
    await expect(page.getByTestId("chart-due").locator("table tbody tr")).toHaveCount(7);
    await expect(page.getByTestId("progress-modules").locator('li[data-module-id="3"]')).toBeVisible();
    // The schedule in use (issue 28.4): the standard one, to be fitted after 1,000 answers, with the count so far.
    expect(progress.model).toMatchObject({ inUse: "default", nextFitAt: 1_000 });
    const model = page.getByTestId("progress-model");
    await expect(model).toHaveAttribute("data-model", "default");
    await expect(model).toContainText(new Intl.NumberFormat(lang).format(1_000));
    await expect(model).toContainText(
      `(${lang === "ar" ? "لديك" : "you have"} ${new Intl.NumberFormat(lang).format(progress.model.answers)})`,
    );
    if (lang === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await axe(page)).toEqual([]);
    await shoot(page, `progress-${lang}`);
  });
}
