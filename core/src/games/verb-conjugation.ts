// Verb conjugation (SPEC section 4, issue 12.2): one verb per question with its root, binyan and meaning, and one
// cell of its table asked for (tense and person); the three wrong options come from the same verb's table (the
// same tense in another person, the same person in another tense) or are the same cell in another binyan of the
// same root. So the root shown never gives the answer away: every option carries it.
import { type Rng, shuffle } from "../rng.ts";
import type { VerbForm, Word } from "../schemas/api.ts";
import {
  askedQuestions,
  buildOptions,
  optionKey,
  type Question,
  type QuizState,
  quizScore,
  startQuiz,
} from "./choice.ts";
import { MIN_VERB_POOL, ROUND_SIZE, WRONG_OPTIONS } from "./constants.ts";
import { isVerbEligible, normalizeTense, rootKey, validRoots } from "./eligibility.ts";
import type { GameResults } from "./results.ts";
import { learnedWord, plainHebrew } from "./word-fields.ts";

type ConjugationTense = "present" | "past" | "future" | "imperative" | "infinitive";

/** The 27 cells of a table (decision 0018) in reading order, with the tense and person each names. */
export const VERB_CELLS: readonly { cell: string; tense: ConjugationTense; person: string | null }[] = [
  ...["ms", "fs", "mp", "fp"].map((p) => ({ cell: `pres.${p}`, tense: "present" as const, person: p })),
  ...["1s", "2ms", "2fs", "3ms", "3fs", "1p", "2mp", "2fp", "3p"].map((p) => ({
    cell: `past.${p}`,
    tense: "past" as const,
    person: p,
  })),
  ...["1s", "2ms", "2fs", "3ms", "3fs", "1p", "2mp", "2fp", "3mp", "3fp"].map((p) => ({
    cell: `fut.${p}`,
    tense: "future" as const,
    person: p,
  })),
  ...["ms", "fs", "p"].map((p) => ({ cell: `imp.${p}`, tense: "imperative" as const, person: p })),
  { cell: "inf", tense: "infinitive", person: null },
];

/** The published entry of the older modules that stands for a cell (decision 0018). */
export const ENTRY_CELL: Record<string, string> = {
  present: "pres.ms",
  past: "past.3ms",
  future: "fut.3ms",
  infinitive: "inf",
};

/**
 * Who a cell speaks of, across tenses: "3ms" for he (present m.s., past and future 3ms, imperative m.s. is
 * "2ms"), so "the same person in another tense" can be found. The infinitive names no one.
 */
function personGroup(cell: string): string | null {
  const [tense, p] = cell.split(".");
  if (p === undefined) return null;
  if (tense === "pres") return { ms: "3ms", fs: "3fs", mp: "3mp", fp: "3fp" }[p] ?? null;
  if (tense === "imp") return { ms: "2ms", fs: "2fs", p: "2mp" }[p] ?? null;
  return p === "3p" ? "3mp" : p;
}

/** One verb of the pool: its table and the entries that teach it. */
interface PoolVerb {
  key: string;
  forms: Record<string, VerbForm>;
  entries: Word[];
  root: { root: string; definition: string } | null;
  binyan: string | null;
}

export interface ConjugationQuestion extends Question {
  /** The entry the answer counts for: the published entry of the cell when there is one, else the infinitive's. */
  word: Word;
  root: string | null;
  rootDefinition: string | null;
  binyan: string | null;
  /** The cell asked for ("past.3fs") and what it names. */
  cell: string;
  tense: ConjugationTense;
  person: string | null;
  /**
   * The verb's meaning: its infinitive's translation ("to write"); null when the pool lacks the infinitive entry
   * (another entry's translation, "met", would name a tense and person the question may not ask).
   */
  translation: string | null;
  /** The whole table, shown after the answer. */
  forms: Record<string, VerbForm>;
  /** Where each option comes from (verb key and cell), by option text: for the screens' tests and the measurement. */
  sources: Record<string, { verb: string; cell: string; binyan: string | null }>;
}

type VerbConjugationStart =
  | { kind: "ready"; quiz: QuizState<ConjugationQuestion> }
  /** Fewer than MIN_VERB_POOL verbs with a table: the 'not enough valid verbs' page. */
  | { kind: "notEnoughVerbs"; found: number };

function tableOf(word: Word): Record<string, VerbForm> | null {
  const forms = word.forms;
  if (!forms) return null;
  return VERB_CELLS.some(({ cell }) => (forms[cell]?.nikkud ?? "").trim() !== "") ? forms : null;
}

/** The pool's verbs with a table, one per verb (its entries grouped by the `verb` field, else the infinitive). */
export function poolVerbs(words: readonly Word[]): PoolVerb[] {
  const byKey = new Map<string, PoolVerb>();
  for (const word of words) {
    if (!isVerbEligible(word, "verb-conjugation")) continue;
    const forms = tableOf(word);
    if (forms === null) continue;
    const key = word.verb?.trim() || forms.inf?.he.trim() || plainHebrew(word);
    const verb = byKey.get(key);
    if (verb) {
      if (!verb.entries.some((e) => e.id === word.id)) verb.entries.push(word);
      continue;
    }
    byKey.set(key, {
      key,
      forms,
      entries: [word],
      root: validRoots(word)[0] ?? null,
      binyan: word.binyan?.trim() || null,
    });
  }
  return [...byKey.values()];
}

/**
 * Whether a cell is the verb's own: not taken from another verb by a suppletive table (אָמַר in the table of
 * להגיד, decision 0091). Only those are asked or offered, so the root shown is the root of every option.
 */
function ownCell(verb: PoolVerb, cell: string): boolean {
  const f = verb.forms[cell];
  if (!f || f.nikkud.trim() === "") return false;
  return !f.root || verb.root === null || rootKey(f.root) === rootKey(verb.root.root);
}

function entryFor(verb: PoolVerb, cell: string): Word {
  const byCell = verb.entries.find((e) => ENTRY_CELL[normalizeTense(e.tense) ?? ""] === cell);
  const infinitive = verb.entries.find((e) => normalizeTense(e.tense) === "infinitive");
  return byCell ?? infinitive ?? (verb.entries[0] as Word);
}

interface Candidate {
  text: string;
  verb: string;
  cell: string;
  binyan: string | null;
}

/**
 * The wrong options for `cell` of `verb`, best first: one of the same tense in another person, one of the same
 * person in another tense, one the same cell in another binyan of the same root (each group in random order,
 * its first pick taken in turn), then the rest of the table at random. buildOptions removes any that read
 * like the answer or like each other once the nikkud is gone.
 */
export function conjugationDistractors(verb: PoolVerb, cell: string, pool: readonly PoolVerb[], rng: Rng): Candidate[] {
  const [tense] = cell.split(".");
  const person = personGroup(cell);
  const own = (c: string): Candidate | null => {
    const f = verb.forms[c];
    return f && ownCell(verb, c) ? { text: f.nikkud, verb: verb.key, cell: c, binyan: verb.binyan } : null;
  };
  const others = VERB_CELLS.map((c) => c.cell).filter((c) => c !== cell);
  const sameTense = others.filter((c) => c.split(".")[0] === tense);
  const samePerson = others.filter((c) => c.split(".")[0] !== tense && person !== null && personGroup(c) === person);
  const rootKeyOf = verb.root ? rootKey(verb.root.root) : null;
  const otherBinyan = pool
    .filter((v) => v.key !== verb.key && rootKeyOf !== null && v.root && rootKey(v.root.root) === rootKeyOf)
    .filter((v) => v.binyan !== verb.binyan)
    .map((v) => {
      const f = v.forms[cell];
      return f && ownCell(v, cell) ? { text: f.nikkud, verb: v.key, cell, binyan: v.binyan } : null;
    });
  const groups: Candidate[][] = [
    shuffle(sameTense, rng).map(own),
    shuffle(samePerson, rng).map(own),
    shuffle(otherBinyan, rng),
  ].map((g) => g.filter((c): c is Candidate => c !== null));
  const firsts: Candidate[] = [];
  // The first distinct pick of each group, in random group order, so the three kinds are mixed.
  const seen = new Set([optionKey(own(cell)?.text ?? "")]);
  for (const group of shuffle(groups, rng)) {
    const first = group.find((c) => !seen.has(optionKey(c.text)));
    if (first) {
      firsts.push(first);
      seen.add(optionKey(first.text));
    }
  }
  const rest = shuffle(others, rng)
    .map(own)
    .filter((c): c is Candidate => c !== null);
  return [...firsts, ...rest];
}

/**
 * 5 questions from 5 different verbs with a table, the verbs of `focusModuleId` first (the module the learner
 * has in view); each asks a random cell of its verb's table.
 */
export function buildVerbConjugation(
  words: readonly Word[],
  rng: Rng,
  options: { focusModuleId?: number | null } = {},
): VerbConjugationStart {
  const verbs = poolVerbs(words);
  if (verbs.length < MIN_VERB_POOL) return { kind: "notEnoughVerbs", found: verbs.length };
  const focus = options.focusModuleId ?? null;
  const inFocus = (v: PoolVerb) => focus !== null && v.entries.some((e) => e.module_id === focus);
  const shuffled = shuffle(verbs, rng);
  const chosen = [...shuffled.filter(inFocus), ...shuffled.filter((v) => !inFocus(v))].slice(0, ROUND_SIZE);
  const questions = chosen.map((verb): ConjugationQuestion => {
    const cells = VERB_CELLS.filter(({ cell }) => ownCell(verb, cell));
    const asked = cells[Math.floor(rng() * cells.length)] ?? (cells[0] as (typeof cells)[number]);
    const answer = (verb.forms[asked.cell] as VerbForm).nikkud.trim();
    const candidates = conjugationDistractors(verb, asked.cell, verbs, rng);
    const options = buildOptions(
      answer,
      candidates.map((c) => c.text),
      rng,
      { ranked: true, wrong: WRONG_OPTIONS },
    );
    const sources: ConjugationQuestion["sources"] = {
      [answer]: { verb: verb.key, cell: asked.cell, binyan: verb.binyan },
    };
    for (const c of candidates) {
      const text = c.text.trim();
      if (options.includes(text) && sources[text] === undefined)
        sources[text] = { verb: c.verb, cell: c.cell, binyan: c.binyan };
    }
    const infinitive = verb.entries.find((e) => normalizeTense(e.tense) === "infinitive");
    return {
      word: entryFor(verb, asked.cell),
      root: verb.root?.root ?? null,
      rootDefinition: verb.root?.definition ?? null,
      binyan: verb.binyan,
      cell: asked.cell,
      tense: asked.tense,
      person: asked.person,
      translation: infinitive?.translation.trim() || null,
      forms: verb.forms,
      sources,
      answer,
      options,
    };
  });
  return { kind: "ready", quiz: startQuiz(questions, { retry: true }) };
}

export function verbConjugationResults(quiz: QuizState<ConjugationQuestion>, sessionId: string): GameResults {
  return {
    learnedWords: askedQuestions(quiz).map(({ question, outcome }) => ({ ...learnedWord(question.word), outcome })),
    learnedRoots: [],
    gameType: "verbConjugation",
    sessionId,
    ...quizScore(quiz),
  };
}
