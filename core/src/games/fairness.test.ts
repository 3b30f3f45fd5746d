import { describe, expect, it } from "vitest";
import { measureFairness, percent } from "./fairness.ts";
import { makeCombo, NOUNS, TABLE_VERBS, VERBS } from "./test-fixtures.ts";

const vowel = makeCombo;

describe("measureFairness", () => {
  it("counts the rounds the engines build on the given pools", () => {
    const f = measureFairness({
      verbPools: [[...VERBS, ...TABLE_VERBS]],
      translationPools: [[...NOUNS, ...VERBS]],
      letterVowels: [
        vowel(101, "אָ", "a"),
        vowel(103, "אֶ", "e"),
        vowel(105, "אִ", "i"),
        vowel(107, "אוֹ", "o"),
        vowel(109, "אְ", "'"),
        vowel(201, "בָּ", "ba"),
        vowel(203, "בֶּ", "be"),
        vowel(205, "בִּ", "bi"),
        vowel(207, "בּוֹ", "bo"),
      ],
      seeds: [1, 2],
    });
    expect(f.verb.questions).toBe(10);
    expect(f.verb.sameRoot).toEqual({ hits: 10, of: 10 });
    expect(f.verb.twoRight).toBe(0);
    expect(f.translation.questions).toBe(10);
    expect(f.translation.samePos.of).toBe(30);
    expect(f.translation.twoRight).toBe(0);
    expect(f.translation.twoRightAcrossPools).toBe(0);
    expect(f.vowel.questions).toBe(200);
    expect(f.vowel.bareStops).toBe(0);
    expect(f.vowel.sameConsonant).toEqual({ hits: 200, of: 200 });
    expect(percent({ hits: 1, of: 3 })).toBe("33.3% (1 of 3)");
  });
});
