// Answering a review card right, whatever its exercise (issue 28 added the cloze, the verb forms and the picture).
import type { ReviewCard } from "@ivrit/core/schemas/review";
import { expect, type Page } from "@playwright/test";

/** What a right answer is: the text to type, or the index (0-3) of the option to choose. */
export function rightAnswer(item: ReviewCard): { typed: string } | { choice: number } {
  if (item.exercise === "typing") return { typed: item.he };
  if (item.exercise === "cloze_typing") return { typed: item.cloze?.plain.gap ?? "?" };
  if (item.exercise === "form_typing") return { typed: item.form?.he ?? "?" };
  const choice =
    item.exercise === "form"
      ? (item.form?.options.findIndex((o) => o.nikkud === item.form?.nikkud) ?? -1)
      : item.options.findIndex((o) => o.wordId === item.wordId);
  expect(choice, `${item.wordId} ${item.exercise}: the right option`).toBeGreaterThanOrEqual(0);
  return { choice };
}

/** Answers the card shown right: typed into the field and Enter, or chosen with its key (1-4) or a click. */
export async function answerRight(page: Page, item: ReviewCard, by: "keys" | "click" = "keys"): Promise<void> {
  const right = rightAnswer(item);
  if ("typed" in right) {
    await page.getByTestId("typing-input").fill(right.typed);
    await page.keyboard.press("Enter");
  } else if (by === "keys") await page.keyboard.press(String(right.choice + 1));
  else await page.getByTestId("options").locator("button[data-option]").nth(right.choice).click();
}
