// Shared steps of the game specs: a fresh user, the /words answers the page received, answering from them,
// and screenshots at phone and desktop sizes. Right answers always come from the API responses.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, expect, type Page, type Response } from "@playwright/test";
import { apiHeaders, framesPainted, seedUser } from "./helpers.ts";

export const LANGUAGES = ["en", "ar"] as const;
export type Lang = (typeof LANGUAGES)[number];

export interface ApiWord {
  id: number;
  hebrew: string;
  word_he: string;
  word: string;
  word_with_nikkud: string;
  translation: string;
  tense: string | null;
  category: string;
  roots: { root: string; root_translation: string }[];
  sentence_he?: string | null;
  sentence_he_nikkud?: string | null;
  sentence_translation?: string | null;
  example?: { he: string; he_nikkud: string; translation: string } | null;
}

const MARKS = /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/gu;
export function stripNikkud(text: string): string {
  return text
    .normalize("NFD")
    .replace(MARKS, "")
    .replace(/\u05BE/gu, "-")
    .normalize("NFC");
}
export function norm(text: string): string {
  return stripNikkud(text).trim().toLocaleLowerCase();
}

/** A lean word (GET /words?fields=lean, issue 16) in the SPEC's shape the tests read; other items as they are. */
function fromLean<T>(item: T): T {
  const w = item as Record<string, unknown>;
  if (!("he" in w) || "word_he" in w) return item;
  const roots = (w.roots as [string, string][]).map(([root, root_translation]) => ({ root, root_translation }));
  const s = w.sentence as { he: string; nikkud: string; translation: string; orders: string[] } | null | undefined;
  return {
    ...w,
    hebrew: w.he,
    word_he: w.he,
    word: w.he,
    word_with_nikkud: w.nikkud,
    transliteration: w.translit,
    roots,
    // Only a load that asked for sentences says anything about them (a merge must not erase another load's).
    ...("sentence" in w && {
      sentence_he: s?.he ?? null,
      sentence_he_nikkud: s?.nikkud ?? null,
      sentence_translation: s?.translation ?? null,
      sentence_orders: s ? s.orders : null,
      example: s ? { he: s.he, he_nikkud: s.nikkud, translation: s.translation } : null,
    }),
  } as T;
}

/** Collects every item of every response of `urlPart` the page receives. */
export function collect<T extends { id: number }>(page: Page, urlPart: string) {
  const items = new Map<number, T>();
  const pending: Promise<void>[] = [];
  page.on("response", (r: Response) => {
    if (!r.url().includes(urlPart) || r.request().method() !== "GET" || !r.ok()) return;
    pending.push(
      r.json().then(
        (body: { items?: T[] }) => {
          // Merged: the same word comes in several loads (the game's, the offline warm-up's), not all with its table.
          for (const item of body.items ?? []) items.set(item.id, { ...items.get(item.id), ...fromLean(item) });
        },
        () => undefined,
      ),
    );
  });
  return {
    async get(id: number): Promise<T> {
      await Promise.all(pending);
      const item = items.get(id);
      expect(item, `item ${id} in the ${urlPart} responses`).toBeTruthy();
      return item as T;
    },
    async all(): Promise<T[]> {
      await Promise.all(pending);
      return [...items.values()];
    },
  };
}

export async function newUser(
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  options: { profile?: boolean; level?: 1 | 2 | 3 } = {},
): Promise<string> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await seedUser(page, { language: lang, level: options.level ?? 3 });
  if (options.profile) {
    const res = await request.patch("/api/me", {
      headers: apiHeaders(id),
      data: { preferredLanguage: lang, preferredLevel: options.level ?? 3 },
    });
    expect(res.ok()).toBe(true);
  }
  return id;
}

/** Opens a game and waits for its first words response. */
export async function openGame(page: Page, path: string, urlPart = "/api/words?") {
  const words = collect<ApiWord>(page, "/api/words?");
  const first = page.waitForResponse((r) => r.url().includes(urlPart) && r.request().method() === "GET");
  await page.goto(path);
  expect((await first).ok()).toBe(true);
  return words;
}

/**
 * A new word is taught before its question (issue 24.2): past the teaching to the options, when it shows. Waits for
 * one or the other.
 */
export async function passTeaching(page: Page): Promise<void> {
  const done = page.getByTestId("teach-done");
  const buttons = page.getByTestId("options").locator("button");
  await expect(buttons.first().or(done)).toBeVisible();
  if (await done.isVisible()) {
    await done.click();
    await expect(buttons.first()).toBeVisible();
  }
}

/** In the review: past a new card's teaching to its question; true when it was taught. */
export async function passReviewTeaching(page: Page): Promise<boolean> {
  const teach = page.getByTestId("teach-card");
  const card = page.getByTestId("review-card");
  await expect(teach.or(card)).toBeVisible();
  if (!(await teach.isVisible())) return false;
  // Taught before asked: the question is not on screen yet.
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId("teach-done")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card).toBeVisible();
  return true;
}

export async function clickOption(page: Page, answer: string): Promise<void> {
  const buttons = page.getByTestId("options").locator("button");
  await passTeaching(page);
  const options = await buttons.evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.option ?? ""));
  const index = options.findIndex((o) => norm(o) === norm(answer));
  expect(index, `"${answer}" among ${JSON.stringify(options)}`).toBeGreaterThanOrEqual(0);
  await buttons.nth(index).click();
}

/** Answers every question of a quiz game right, reading each answer with `answerFor`, until /game-over. */
export async function playQuiz(
  page: Page,
  answerFor: (card: { wordId: number; itemId: number; root: string | null }) => Promise<string>,
  options: { onQuestion?: (index: number) => Promise<void> } = {},
): Promise<number> {
  const step = page.getByTestId("step");
  await expect(step).toBeVisible();
  const count = Number(await step.getAttribute("data-count"));
  let asked = 0;
  for (let guard = 0; guard < count + 2; guard++) {
    if (/\/game-over$/.test(page.url())) break;
    const index = Number(await step.getAttribute("data-index"));
    const card = page.getByTestId("question");
    // A beginner game teaches its item first (issue 24.2): past the lesson to the question.
    const lesson = page.getByTestId("lesson");
    await expect(lesson.or(card)).toBeVisible();
    if (await lesson.isVisible()) await page.getByTestId("lesson-ready").click();
    const wordId = Number(await card.getAttribute("data-word-id"));
    const itemId = Number(await card.getAttribute("data-item-id"));
    const root = await card.getAttribute("data-root");
    await options.onQuestion?.(index);
    await clickOption(page, await answerFor({ wordId, itemId, root }));
    // Right: the "correct" feedback, or already the next question or /game-over (on a loaded machine the click
    // itself can outlast the feedback's 900 ms). A wrong pick shows neither and fails here.
    const accepted = async () => {
      if (/\/game-over$/.test(page.url())) return true;
      const tone = await page
        .getByTestId("feedback")
        .getAttribute("data-tone", { timeout: 500 })
        .catch(() => null);
      if (tone === "correct") return true;
      const at = await step.getAttribute("data-index", { timeout: 500 }).catch(() => null);
      return at !== null && Number(at) > index;
    };
    await expect.poll(accepted, { timeout: 10_000 }).toBe(true);
    asked++;
    if (index + 1 >= count) break;
    await expect(step).toHaveAttribute("data-index", String(index + 1));
  }
  await page.waitForURL(/\/game-over$/);
  return asked;
}

export async function expectGameOver(page: Page, practised: number): Promise<void> {
  await expect(page).toHaveURL(/\/game-over$/);
  await expect(page.locator("main h1")).toBeVisible();
  await expect(page.getByTestId("practised-item")).toHaveCount(practised);
}

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", "screenshots");

/** Screenshots at 390x844 and 1280x800, then back to the desktop size. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await framesPainted(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}.png`), fullPage: true });
  }
}

/** The answer of a word as the engines write it: the pointed form where there is one. */
export function displayHebrew(w: ApiWord): string {
  const pointed = (w.word_with_nikkud ?? "").trim();
  if (pointed) return pointed;
  return [w.hebrew, w.word_he, w.word].map((s) => (s ?? "").trim()).find((s) => s !== "") ?? "";
}
/**
 * Verb conjugation's answer (issue 12.2): the form of the cell the question card names (data-cell), read from the
 * verb's table in the API's `forms`.
 */
export async function verbAnswer(page: Page, word: ApiWord): Promise<string> {
  const cell = (await page.getByTestId("question").getAttribute("data-cell")) ?? "";
  const forms = (word as ApiWord & { forms?: Record<string, { nikkud: string }> | null }).forms;
  const answer = forms?.[cell]?.nikkud ?? "";
  expect(answer, `the form ${cell} of word ${word.id}`).not.toBe("");
  return answer;
}

export function plainHebrew(w: ApiWord): string {
  return [w.hebrew, w.word_he, w.word].map((s) => (s ?? "").trim()).find((s) => s !== "") ?? "";
}
