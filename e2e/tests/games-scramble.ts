// The right order of a sentence's tiles, from the word's API fields (mirrors the SPEC: the pointed sentence
// where there is one, split at spaces, sentence punctuation trimmed).
import { expect, type Page } from "@playwright/test";
import type { ApiWord } from "./games-helpers.ts";

const EDGE = /^[.,!?;:…"“”„()«»\-–—]+|[.,!?;:…"“”„()«»\-–—]+$/gu;

export function sentenceTokens(w: ApiWord): string[] {
  const plain = (w.sentence_he ?? w.example?.he ?? "").trim();
  const pointed = (w.sentence_he_nikkud ?? w.example?.he_nikkud ?? "").trim();
  return (pointed || plain)
    .split(/\s+/u)
    .map((t) => t.replace(EDGE, ""))
    .filter((t) => t.replace(/[\p{P}\s]/gu, "") !== "");
}

export async function buildSentence(page: Page, tokens: readonly string[], midway?: () => Promise<void>) {
  for (const [i, token] of tokens.entries()) {
    const tiles = page.getByTestId("bank-tile");
    const texts = await tiles.allTextContents();
    const index = texts.indexOf(token);
    expect(index, `${token} in ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
    await tiles.nth(index).click();
    if (i === 1) await midway?.();
  }
}
