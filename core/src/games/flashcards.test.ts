import { describe, expect, it } from "vitest";
import { createRng } from "../rng.ts";
import {
  buildFlashcards,
  cardFacts,
  currentCard,
  type FlashcardsState,
  flashcardsResults,
  nextCard,
  previousCard,
  toggleTranslation,
} from "./flashcards.ts";
import { at, NOUNS, VERBS } from "./test-fixtures.ts";

const words = NOUNS.slice(0, 3);

function ready(seed: number): FlashcardsState {
  const start = buildFlashcards(words, createRng(seed), { moduleId: 10 });
  if (start.kind !== "ready") throw new Error("expected a deck");
  return start.state;
}

describe("flashcards", () => {
  it("asks for a module without one, says noMore without words", () => {
    expect(buildFlashcards(words, createRng(1), { moduleId: null })).toEqual({ kind: "noModule" });
    expect(buildFlashcards([], createRng(1), { moduleId: 10 })).toEqual({ kind: "noMore" });
  });

  it("shuffles the deck with the seed and shows the translation by default", () => {
    const state = ready(1);
    expect(state.deck.map((w) => w.id)).toEqual([10003, 10001, 10002]);
    expect(state.showTranslation).toBe(true);
    expect(state.index).toBe(0);
  });

  it("next and previous wrap around", () => {
    const state = ready(1);
    const [a, b, c] = state.deck;
    expect(currentCard(nextCard(state))).toBe(b);
    expect(currentCard(nextCard(nextCard(state)))).toBe(c);
    expect(currentCard(nextCard(nextCard(nextCard(state))))).toBe(a);
    expect(currentCard(previousCard(state))).toBe(c);
  });

  it("hides and shows the translation, kept from card to card", () => {
    const hidden = toggleTranslation(ready(1));
    expect(hidden.showTranslation).toBe(false);
    expect(nextCard(hidden).showTranslation).toBe(false);
    expect(toggleTranslation(hidden).showTranslation).toBe(true);
  });

  it("the results list the cards seen, in the order first seen", () => {
    const state = previousCard(nextCard(previousCard(ready(1))));
    const deck = state.deck;
    expect(flashcardsResults(state, "f")).toMatchObject({
      gameType: "flashcards",
      correct: 2,
      total: 2,
      sessionId: "f",
      learnedWords: [{ id: deck[0]?.id }, { id: deck[2]?.id }],
    });
  });

  it("card facts: category, tense, first valid root", () => {
    expect(cardFacts(at(VERBS, 1))).toEqual({
      category: "verb",
      tense: "past",
      root: "כ-ת-ב",
      rootDefinition: "writing",
    });
    expect(cardFacts(at(NOUNS, 5))).toEqual({ category: "noun", tense: null, root: null, rootDefinition: null });
  });
});
