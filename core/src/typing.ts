// Typed Hebrew answers (issue 24, decision 0081): accept exactly the spellings of the same word, refuse another
// word we teach and say what it means. Re-exported from review.ts.
import { hebrewLetters, stripNikkud } from "./hebrew.ts";

export type TypedVerdict = "exact" | "tolerated" | "wrong";

/** A taught word a learner could type instead of the asked one (same letters up to vav, yod and final forms). */
export interface TypedLookalike {
  he: string;
  translation: string;
}

export interface TypedJudgement {
  verdict: TypedVerdict;
  /** A final letter written as a medial one (שלומ: מ for ם): accepted, with a note. */
  finalLetter: { medial: string; final: string } | null;
  /** What was typed is this other word (or these homographs): refused, with its meaning. */
  other: TypedLookalike[];
}

const FINAL_OF: Record<string, string> = { כ: "ך", מ: "ם", נ: "ן", פ: "ף", צ: "ץ" };
const FINAL_FORMS = new Set(Object.values(FINAL_OF));
const VAV = "ו";
const YOD = "י";

// Points, by code point (NFD order after the letter).
const SHVA = "\u05B0";
const HIRIQ = "\u05B4";
const HOLAM = "\u05B9";
const HOLAM_FOR_VAV = "\u05BA";
const QUBUTS = "\u05BB";
const DAGESH = "\u05BC";
const QAMATS_QATAN = "\u05C7";
/** The vowel points (shva and the hatafs included). */
const VOWELS = /[\u05B0-\u05BB\u05C7]/u;

/** The key of a spelling up to vav, yod and final forms: words with the same key are easy to confuse. */
export function lookalikeKey(he: string): string {
  return hebrewLetters(he).replaceAll(VAV, "").replaceAll(YOD, "");
}

/** The Hebrew words of a text (letters only, in order), without points. */
function hebrewWords(text: string): string[] {
  return stripNikkud(text)
    .split(/[^\u05D0-\u05EA]+/u)
    .filter((w) => w !== "");
}

interface Cluster {
  letter: string;
  marks: string;
  wordStart: boolean;
  wordEnd: boolean;
}

/** The pointed text as letters with their marks, word by word. */
function clusters(pointed: string): Cluster[] {
  const out: Cluster[] = [];
  for (const word of pointed.normalize("NFD").split(/[^\u05D0-\u05EA\u0591-\u05C7]+/u)) {
    const start = out.length;
    for (const c of word) {
      if (c >= "\u05D0" && c <= "\u05EA") out.push({ letter: c, marks: "", wordStart: false, wordEnd: false });
      else {
        const last = out[out.length - 1];
        if (last && out.length > start) last.marks += c;
      }
    }
    if (out.length > start) {
      (out[start] as Cluster).wordStart = true;
      (out[out.length - 1] as Cluster).wordEnd = true;
    }
  }
  return out;
}

const hasVowel = (c: Cluster | undefined) => c !== undefined && VOWELS.test(c.marks);
/** A vav or yod standing for a vowel (mater lectionis): וֹ, וּ without another vowel, a yod without a point. */
function isMater(c: Cluster | undefined): boolean {
  if (!c) return false;
  if (c.letter === VAV)
    return (
      (c.marks.includes(HOLAM) || c.marks.includes(HOLAM_FOR_VAV) || c.marks.includes(DAGESH)) &&
      !/[\u05B0-\u05B8\u05BB]/u.test(c.marks)
    );
  return c.letter === YOD && !hasVowel(c) && !c.wordStart;
}

/**
 * The vav and yod that full spelling (ktiv male, the Academy's rules) adds after each letter of the pointed form,
 * derived from the points:
 * - holam and qubuts (and a marked qamats qatan): a vav, except a holam before a silent alef (לֹא, רֹאשׁ) or a
 *   word-final he (פֹּה);
 * - hiriq in an open syllable or before a doubled (dagesh) letter: a yod; not before a resting shva (מִשְׁפָּט) nor
 *   in a closed last syllable (אִם);
 * - a consonantal vav inside a word: doubled (מִצְוָה → מצווה), unless next to a vav;
 * - a consonantal yod inside a word, with a vowel other than shva or hiriq: doubled (קִיֵּם → קיים), unless next
 *   to a yod.
 * Tsere and segol get a yod only where the entry's own plain spelling has one (read from it, not derived).
 */
function pointedInsertions(cs: readonly Cluster[]): Set<string>[] {
  const gaps = Array.from({ length: cs.length + 1 }, () => new Set<string>());
  cs.forEach((c, i) => {
    const next = cs[i + 1];
    const prev = cs[i - 1];
    const after = gaps[i + 1] as Set<string>;
    const nextInWord = c.wordEnd ? undefined : next;
    if (c.letter !== VAV && (c.marks.includes(HOLAM) || c.marks.includes(QUBUTS) || c.marks.includes(QAMATS_QATAN))) {
      const silentAfter =
        c.marks.includes(HOLAM) &&
        (nextInWord?.letter === "א" || (nextInWord?.letter === "ה" && nextInWord.wordEnd && !hasVowel(nextInWord)));
      if (!silentAfter && !isMater(nextInWord) && nextInWord?.letter !== VAV) after.add(VAV);
    }
    if (c.marks.includes(HIRIQ)) {
      const closedByShva = nextInWord?.marks.includes(SHVA) && !nextInWord.marks.includes(DAGESH);
      const closedLast = nextInWord?.wordEnd && !hasVowel(nextInWord) && nextInWord.letter !== YOD;
      if (nextInWord && nextInWord.letter !== YOD && !closedByShva && !closedLast) after.add(YOD);
    }
    if (c.letter === VAV && !c.wordStart && !c.wordEnd && hasVowel(c) && !isMater(c)) {
      if (prev?.letter !== VAV && next?.letter !== VAV) after.add(VAV);
    }
    if (c.letter === YOD && !c.wordStart && !c.wordEnd && hasVowel(c)) {
      const vowelOnly = c.marks.includes(SHVA) || c.marks.includes(HIRIQ);
      if (!vowelOnly && prev?.letter !== YOD && next?.letter !== YOD) after.add(YOD);
    }
  });
  return gaps;
}

/** The vavs and yods the entry's plain spelling adds to its pointed letters, by gap (greedy, in order). */
function plainInsertions(plain: string, defective: string, gaps: Set<string>[]): boolean {
  let i = 0;
  let pending = "";
  for (const c of plain) {
    if (i < defective.length && defective[i] === c) {
      if (pending) gaps[i]?.add(pending);
      pending = "";
      i++;
    } else if (c === VAV || c === YOD) pending += c;
    else return false;
  }
  if (i !== defective.length) return false;
  if (pending) gaps[i]?.add(pending);
  return true;
}

const patterns = new Map<string, RegExp>();

/** Every spelling of the word between its defective (pointed, stripped) and full forms, as one pattern. */
function spellingPattern(word: { he: string; nikkud: string }): RegExp {
  const key = `${word.he}|${word.nikkud}`;
  let re = patterns.get(key);
  if (re) return re;
  const cs = clusters(word.nikkud || word.he);
  const defective = cs.map((c) => hebrewLetters(c.letter)).join("");
  const gaps = pointedInsertions(cs);
  plainInsertions(hebrewLetters(word.he), defective, gaps);
  let source = "^";
  [...defective, ""].forEach((letter, i) => {
    const options = [...(gaps[i] as Set<string>)];
    if (options.length) source += `(?:${options.join("|")})?`;
    source += letter;
  });
  re = new RegExp(`${source}$`, "u");
  if (patterns.size > 5_000) patterns.clear();
  patterns.set(key, re);
  return re;
}

/** A final form inside a word (ךלב) is a misspelling; a medial one at a word's end (שלומ) only a slip. */
function finalsInside(words: readonly string[]): boolean {
  return words.some((w) => [...w].slice(0, -1).some((c) => FINAL_FORMS.has(c)));
}

/**
 * A typed answer against a word's plain (`he`) and pointed (`nikkud`) forms and the taught words it could be
 * confused with. Points, spaces and punctuation do not count. "exact": the plain spelling; "tolerated": the same
 * word spelled fuller or more defectively, or with a final letter written as a medial one (`finalLetter`);
 * "wrong": anything else, and any other word we teach (`other`), even when it is this word's defective spelling
 * (חֹדֶשׁ written חדש reads "new").
 */
export function judgeTyped(
  input: string,
  word: { he: string; nikkud: string; lookalikes?: readonly TypedLookalike[] },
): TypedJudgement {
  const words = hebrewWords(input);
  const typed = hebrewLetters(words.join(""));
  const wrong = (other: TypedLookalike[] = []): TypedJudgement => ({ verdict: "wrong", finalLetter: null, other });
  if (typed.length === 0 || finalsInside(words)) return wrong();
  const plainWords = hebrewWords(word.he);
  const medial = words
    .map((w) => [...w].at(-1) as string)
    .find(
      (last, i) =>
        last in FINAL_OF &&
        !plainWords.some((p) => p.endsWith(last) && hebrewLetters(p) === hebrewLetters(words[i] as string)),
    );
  const finalLetter = medial ? { medial, final: FINAL_OF[medial] as string } : null;
  if (typed === hebrewLetters(word.he)) return { verdict: finalLetter ? "tolerated" : "exact", finalLetter, other: [] };
  const other = (word.lookalikes ?? []).filter((l) => hebrewLetters(l.he) === typed);
  if (other.length > 0) return wrong(other);
  if (spellingPattern(word).test(typed)) return { verdict: "tolerated", finalLetter, other: [] };
  return wrong();
}

/** The verdict alone (see judgeTyped). */
export function checkTyped(
  input: string,
  word: { he: string; nikkud: string; lookalikes?: readonly TypedLookalike[] },
): TypedVerdict {
  return judgeTyped(input, word).verdict;
}

/** Words by lookalike key (see lookalikeKey): built once per vocabulary. */
export function lookalikeGroups<W extends { he: string }>(words: readonly W[]): Map<string, W[]> {
  const groups = new Map<string, W[]>();
  for (const w of words) {
    const key = lookalikeKey(w.he);
    const group = groups.get(key);
    if (group) group.push(w);
    else groups.set(key, [w]);
  }
  return groups;
}

/** At most this many lookalikes go with a typing card (the largest groups are short words: נ, בת). */
const MAX_LOOKALIKES = 16;

/**
 * The words of `word`'s group spelled differently from it, once per spelling and meaning, nearest in length
 * first (a learner drops or adds one letter more often than three).
 */
export function lookalikesOf<W extends { he: string }>(
  word: { he: string },
  groups: ReadonlyMap<string, readonly W[]>,
  translation: (w: W) => string,
): TypedLookalike[] {
  const own = hebrewLetters(word.he);
  const seen = new Set<string>();
  const out: TypedLookalike[] = [];
  const group = [...(groups.get(lookalikeKey(word.he)) ?? [])].sort(
    (a, b) => Math.abs(a.he.length - word.he.length) - Math.abs(b.he.length - word.he.length),
  );
  for (const w of group) {
    const letters = hebrewLetters(w.he);
    const tr = translation(w);
    if (letters === own || seen.has(`${letters}|${tr}`)) continue;
    seen.add(`${letters}|${tr}`);
    out.push({ he: w.he, translation: tr });
    if (out.length === MAX_LOOKALIKES) break;
  }
  return out;
}
