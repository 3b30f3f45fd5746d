// Measuring how fair the games' options are (issue 12's note): rounds built with the engines on given pools,
// counted. The pools come from the caller (the real content through the server's loader in
// `npm run games-fairness -w bench` and server/test/games-fairness.test.ts; fixtures in the unit test).

import { normalizeAnswer } from "../hebrew.ts";
import { createRng } from "../rng.ts";
import type { LetterVowel, Word, WordsQueryInput } from "../schemas/api.ts";
import { buildBeginnerRound } from "./beginner.ts";
import { isCorrectAnswer, optionKey } from "./choice.ts";
import { normalizeTense, rootKey, validRoots } from "./eligibility.ts";
import { alsoRightIn, partOfSpeech, senses } from "./fair-options.ts";
import { sessionQuery } from "./session.ts";
import { buildTranslationMatch } from "./translation-match.ts";
import { buildVerbConjugation } from "./verb-conjugation.ts";
import { plainHebrew } from "./word-fields.ts";

/** A count and what it is out of. */
export interface Share {
  hits: number;
  of: number;
}

interface FairnessFigures {
  verb: {
    questions: number;
    /** Questions whose 3 wrong options are all forms of the asked verb's own table. */
    ownTable: Share;
    /** Questions whose 3 wrong options are all of the asked verb or its root in another binyan. */
    sameRoot: Share;
    /** Questions with two options that read the same without nikkud (two right answers). */
    twoRight: number;
  };
  translation: {
    questions: number;
    /** Wrong options of the answer's part of speech. */
    samePos: Share;
    /** Infinitive and future questions where the answer is the only option of its verb form. */
    onlyOfItsForm: Share;
    /** Questions with a second option that is also right for the Hebrew asked (fair-options.ts's alsoRightIn). */
    twoRight: number;
    /**
     * The same, with the senses of every word of all the pools spelled like the asked one (homographs the round's
     * own pool does not hold): a stricter check than the engine can make.
     */
    twoRightAcrossPools: number;
  };
  vowel: {
    questions: number;
    /** Questions whose wrong options are all readings of the asked consonant. */
    sameConsonant: Share;
    /** Options that are a bare "'". */
    bareStops: number;
    twoRight: number;
  };
}

const VOWEL_ROUNDS_PER_SEED = 20;

const share = (): Share => ({ hits: 0, of: 0 });
const count = (s: Share, hit: boolean) => {
  s.of++;
  if (hit) s.hits++;
};

/** The translation of a wrong option: the pool word it came from (the first with that translation). */
function wordOf(option: string, pool: readonly Word[], not: number): Word | undefined {
  return pool.find((w) => w.id !== not && isCorrectAnswer(option, w.translation));
}

export function measureFairness(input: {
  /** Verb conjugation pools (tier loads), one round each per seed. */
  verbPools: readonly (readonly Word[])[];
  /** Translation match pools (module loads). */
  translationPools: readonly (readonly Word[])[];
  letterVowels: readonly LetterVowel[];
  seeds: readonly number[];
}): FairnessFigures {
  const f: FairnessFigures = {
    verb: { questions: 0, ownTable: share(), sameRoot: share(), twoRight: 0 },
    translation: { questions: 0, samePos: share(), onlyOfItsForm: share(), twoRight: 0, twoRightAcrossPools: 0 },
    vowel: { questions: 0, sameConsonant: share(), bareStops: 0, twoRight: 0 },
  };
  // Every sense each spelling has anywhere in the pools, for the stricter two-right count.
  const sensesBySpelling = new Map<string, Set<string>>();
  for (const w of input.translationPools.flat()) {
    const key = normalizeAnswer(plainHebrew(w));
    const set = sensesBySpelling.get(key) ?? new Set<string>();
    for (const x of senses(w.translation)) set.add(x);
    sensesBySpelling.set(key, set);
  }
  for (const seed of input.seeds) {
    for (const pool of input.verbPools) {
      const start = buildVerbConjugation(pool, createRng(seed));
      if (start.kind !== "ready") continue;
      for (const q of start.quiz.questions) {
        f.verb.questions++;
        // Read from the tables themselves, not from the engine's bookkeeping.
        const wrong = q.options.filter((o) => !isCorrectAnswer(o, q.answer));
        const own = new Set(Object.values(q.forms).map((form) => optionKey(form.nikkud)));
        const key = q.root === null ? null : rootKey(q.root);
        const rootForms = new Set(
          pool
            .filter((w) => w.forms && key !== null && validRoots(w).some((r) => rootKey(r.root) === key))
            .flatMap((w) => Object.values(w.forms ?? {}).map((form) => optionKey(form.nikkud))),
        );
        count(
          f.verb.ownTable,
          wrong.every((o) => own.has(optionKey(o))),
        );
        count(
          f.verb.sameRoot,
          wrong.every((o) => own.has(optionKey(o)) || rootForms.has(optionKey(o))),
        );
        if (new Set(q.options.map(optionKey)).size < q.options.length) f.verb.twoRight++;
      }
    }
    for (const pool of input.translationPools) {
      const start = buildTranslationMatch(pool, createRng(seed));
      if (start.kind !== "ready") continue;
      for (const q of start.quiz.questions) {
        if (q.options.length < 2) continue;
        f.translation.questions++;
        const right = alsoRightIn(q.word, pool);
        const wrong = q.options.filter((o) => !isCorrectAnswer(o, q.answer));
        const pos = partOfSpeech(q.word);
        for (const o of wrong) {
          const w = wordOf(o, pool, q.word.id);
          count(f.translation.samePos, w !== undefined && partOfSpeech(w) === pos);
        }
        const tense = pos === "verb" ? normalizeTense(q.word.tense) : null;
        if (tense === "infinitive" || tense === "future") {
          const alike = wrong.filter((o) => {
            const w = wordOf(o, pool, q.word.id);
            return w !== undefined && partOfSpeech(w) === "verb" && normalizeTense(w.tense) === tense;
          });
          count(f.translation.onlyOfItsForm, alike.length === 0);
        }
        const second = wrong.some((o) =>
          pool.some((w) => w.id !== q.word.id && isCorrectAnswer(o, w.translation) && right(w)),
        );
        if (second) f.translation.twoRight++;
        const elsewhere = sensesBySpelling.get(normalizeAnswer(plainHebrew(q.word))) ?? new Set<string>();
        if (second || wrong.some((o) => senses(o).some((x) => elsewhere.has(x)))) f.translation.twoRightAcrossPools++;
      }
    }
    // The vowel game's pool is small (one list): more rounds per seed.
    for (let round = 0; round < VOWEL_ROUNDS_PER_SEED; round++) {
      const vowels = buildBeginnerRound(
        { game: "letter-vowel", items: input.letterVowels },
        createRng(seed * VOWEL_ROUNDS_PER_SEED + round),
      );
      if (vowels.kind !== "ready") continue;
      for (const q of vowels.quiz.questions) {
        f.vowel.questions++;
        const item = input.letterVowels.find((c) => c.id === q.id);
        const readings = new Set(
          input.letterVowels
            .filter((c) => c.alphabet_id === item?.alphabet_id)
            .map((c) => optionKey(c.transliteration)),
        );
        const wrong = q.options.filter((o) => !isCorrectAnswer(o, q.answer));
        count(
          f.vowel.sameConsonant,
          wrong.every((o) => readings.has(optionKey(o))),
        );
        f.vowel.bareStops += q.options.filter((o) => o.trim() === "'").length;
        if (new Set(q.options.map(optionKey)).size < q.options.length) f.vowel.twoRight++;
      }
    }
  }
  return f;
}

/** "97.3% (146 of 150)". */
export function percent(s: Share): string {
  return s.of === 0 ? "n/a (0)" : `${((100 * s.hits) / s.of).toFixed(1)}% (${s.hits} of ${s.of})`;
}

/**
 * The pools the games would load, through `fetchWords` (GET /words with the query string given): translation
 * match's module load for each module and seed, verb conjugation's tier load (tiers 1 and 3) for each seed.
 */
export async function fairnessPools(
  fetchWords: (query: WordsQueryInput) => Promise<Word[]>,
  moduleIds: readonly number[],
  seeds: readonly number[],
): Promise<{ verbPools: Word[][]; translationPools: Word[][] }> {
  const verbPools: Word[][] = [];
  const translationPools: Word[][] = [];
  for (const seed of seeds) {
    for (const tier of [1, 3] as const) {
      const query = sessionQuery("verb-conjugation", { language: "en", moduleId: null, tier }, { seed });
      if (query) verbPools.push(await fetchWords(query));
    }
    for (const moduleId of moduleIds) {
      const query = sessionQuery("translation-match", { language: "en", moduleId, tier: 3 }, { seed });
      if (query) translationPools.push(await fetchWords(query));
    }
  }
  return { verbPools, translationPools };
}
