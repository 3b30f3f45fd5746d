import { describe, expect, it } from "vitest";
import { categoryOf, isPartOfSpeech, PARTS_OF_SPEECH, WORD_CATEGORIES } from "./parts-of-speech.ts";

describe("parts of speech", () => {
  it("maps every part of speech onto one of the SPEC's six categories", () => {
    for (const pos of PARTS_OF_SPEECH) expect(WORD_CATEGORIES).toContain(categoryOf(pos));
  });
  it("keeps the six old values as they were and maps the new ones", () => {
    for (const c of WORD_CATEGORIES) expect(categoryOf(c)).toBe(c);
    expect(categoryOf("numeral")).toBe("noun");
    expect(categoryOf("pronoun")).toBe("phrase");
    expect(categoryOf("question")).toBe("phrase");
    expect(categoryOf("interjection")).toBe("phrase");
  });
  it("tells a part of speech from another string", () => {
    expect(isPartOfSpeech("preposition")).toBe(true);
    expect(isPartOfSpeech("alphabet")).toBe(false);
    expect(isPartOfSpeech(undefined)).toBe(false);
  });
});
