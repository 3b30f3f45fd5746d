// The cloze gap (issue 28): which word of an example sentence is the entry, and which of its first letters are
// attached prefixes (ו ה ב כ ל מ ש) that stay outside the gap. `findGap` finds it only when there is no doubt;
// the content marks the rest (`example.gap`, content/FORMAT.md) and `content:check` verifies the marks.
// Decision 0106.

export interface Gap {
  /** The entry's word, 0-based, in the sentence split on single spaces. */
  word: number;
  /** How many of that word's first letters are attached prefixes, outside the gap. */
  prefix: number;
}

export type Parts = { before: string; gap: string; after: string };

type Sentence = { he: string; nikkud: string };

/** The letters that attach to a word as prefixes. */
export const PREFIX_LETTERS = "והבכלמש";

const FINALS: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
const isLetter = (c: string) => c >= "\u05D0" && c <= "\u05EA";
/** Vowel points, dagesh, shin/sin dots, rafe, meteg and cantillation: what sits on a letter (not the maqaf). */
const isMark = (c: string) =>
  (c >= "\u0591" && c <= "\u05BD") ||
  c === "\u05BF" ||
  c === "\u05C1" ||
  c === "\u05C2" ||
  c === "\u05C4" ||
  c === "\u05C5" ||
  c === "\u05C7";
const GERESH = new Set(["\u05F3", "'"]);
const GERSHAYIM = new Set(["\u05F4", '"']);

/**
 * A chain of attached prefixes, read as Hebrew allows it: ו first, then ש or כש or מש, then one of ב כ ל מ,
 * then the article ה (not after ב כ ל, which absorb it). ו, ה, ב, וּבַ, שֶׁה, מֵהַ, כְּשֶׁ, וּכְשֶׁבַּ…
 */
const PREFIX_CHAIN = /^ו?(?:כש|מש|ש)?(?:[בכל]|מ?ה?)$/u;

/**
 * Whole words that read as prefix + another word but are words of their own: לָמָּה is not ל + מָה, שֶׁלִּי
 * is not ש + לִי. Found by running the finder over the content and reading every prefixed gap whose whole word
 * the content also teaches.
 */
const WHOLE_WORDS = new Set(
  [
    "למה",
    "כמה",
    "לכן",
    "כזה",
    "כזאת",
    "כאלה",
    "כאשר",
    "כדי",
    "כמו",
    "כבר",
    "כך",
    "שלי",
    "שלך",
    "שלו",
    "שלה",
    "שלנו",
    "שלכם",
    "שלכן",
    "שלהם",
    "שלהן",
  ].map((w) => spelling(w)),
);

/** A space-separated token cut into what precedes the word, the word (letters, marks, geresh) and what follows. */
function cut(token: string): { lead: string; body: string; trail: string } {
  const chars = [...token];
  let start = 0;
  while (start < chars.length && !isLetter(chars[start] as string)) start++;
  let end = start;
  while (end < chars.length) {
    const c = chars[end] as string;
    const next = chars[end + 1];
    if (isLetter(c) || isMark(c)) end++;
    else if (GERESH.has(c) && end > start) end++;
    else if (GERSHAYIM.has(c) && end > start && next !== undefined && isLetter(next)) end++;
    else break;
  }
  return {
    lead: chars.slice(0, start).join(""),
    body: chars.slice(start, end).join(""),
    trail: chars.slice(end).join(""),
  };
}

/** Splits a word (letters and marks) after its first `n` letters, the marks of the n-th letter going with it. */
function splitLetters(body: string, n: number): [string, string] {
  const chars = [...body];
  let seen = 0;
  let i = 0;
  for (; i < chars.length; i++) {
    if (isLetter(chars[i] as string)) {
      if (seen === n) break;
      seen++;
    }
  }
  return [chars.slice(0, i).join(""), chars.slice(i).join("")];
}

/** The letters of a word with final forms folded and geresh kept (צ׳ is not צ). */
function spelling(word: string): string {
  let out = "";
  for (const c of word.normalize("NFC")) {
    if (isLetter(c)) out += FINALS[c] ?? c;
    else if (GERESH.has(c)) out += "\u05F3";
  }
  return out;
}

/**
 * The parts of a sentence around a gap, plain and pointed. `before` ends with the prefix (with its marks in the
 * pointed text), `gap` is the form as it stands in the sentence, `after` starts with what follows the word
 * (punctuation, maqaf). `before + gap + after` is the sentence.
 */
export function clozeOf(sentence: Sentence, gap: Gap): { plain: Parts; pointed: Parts } {
  const parts = (text: string): Parts => {
    const tokens = text.split(" ");
    const token = tokens[gap.word];
    if (token === undefined) throw new RangeError(`no word ${gap.word} in '${text}'`);
    const { lead, body, trail } = cut(token);
    const [prefix, form] = splitLetters(body, gap.prefix);
    const head = tokens.slice(0, gap.word);
    const tail = tokens.slice(gap.word + 1);
    return {
      before: (head.length ? `${head.join(" ")} ` : "") + lead + prefix,
      gap: form,
      after: trail + (tail.length ? ` ${tail.join(" ")}` : ""),
    };
  };
  return { plain: parts(sentence.he), pointed: parts(sentence.nikkud) };
}

// --- reading the pointing -------------------------------------------------------------------------------------

const SHVA = "\u05B0";
const DAGESH = "\u05BC";
const HATAF_SEGOL = "\u05B1";
const VOWEL_CLASS: Record<string, string> = {
  "\u05B1": "e",
  "\u05B2": "a",
  "\u05B3": "o",
  "\u05B4": "i",
  "\u05B5": "e",
  "\u05B6": "e",
  "\u05B7": "a",
  "\u05B8": "a",
  "\u05B9": "o",
  "\u05BA": "o",
  "\u05BB": "u",
  "\u05C7": "o",
};

type Unit = { letter: string; dagesh: boolean; vowel: string; dot: string };

function units(word: string): Unit[] {
  const out: Unit[] = [];
  for (const c of word.normalize("NFD")) {
    const last = out[out.length - 1];
    if (isLetter(c)) out.push({ letter: FINALS[c] ?? c, dagesh: false, vowel: "", dot: "" });
    else if (!last) continue;
    else if (c === DAGESH) last.dagesh = true;
    else if (c === "\u05C1") last.dot = "shin";
    else if (c === "\u05C2") last.dot = "sin";
    else if (c === SHVA || c in VOWEL_CLASS) last.vowel = c;
  }
  return out;
}

/**
 * How a word reads, letter by letter, for comparing a sentence's form with the entry: the consonants (ב כ פ by
 * dagesh, ש by its dot), the vowels by sound (kamatz = patah, tsere = segol, kubutz = shuruk), vowel letters
 * (holam male, shuruk, a yod after a vowel) folded into the vowel. The first letter's dagesh is left out: a
 * prefix takes it away (וּבַיִת) or the article adds it (הַשֻּׁלְחָן).
 */
function reading(us: Unit[]): string[] {
  const out: string[] = [];
  us.forEach((u, i) => {
    const prev = us[i - 1];
    const prevVowel = prev ? VOWEL_CLASS[prev.vowel] : undefined;
    if (u.letter === "ו" && i > 0 && !u.vowel && u.dagesh && !prevVowel) {
      out[out.length - 1] += "u"; // shuruk
      return;
    }
    if (u.letter === "ו" && i > 0 && VOWEL_CLASS[u.vowel] === "o" && !prevVowel) {
      out[out.length - 1] += "o"; // holam male
      return;
    }
    if (u.letter === "י" && i > 0 && !u.vowel && !u.dagesh && prevVowel) return; // a yod that marks a vowel
    const hard = i > 0 && "בכפ".includes(u.letter) && u.dagesh ? DAGESH : "";
    out.push(u.letter + hard + u.dot + (VOWEL_CLASS[u.vowel] ?? ""));
  });
  return out;
}

/** Whether the pointed form (after its prefix) reads as the entry's pointing. */
function readsAsEntry(form: Unit[], entry: Unit[], prefixed: boolean): boolean {
  const a = reading(form);
  const b = reading(entry);
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    if (x === b[i]) return true;
    // ו/ל with hirik before a yod with shva: וִילָדִים, the yod loses its shva (entry יְלָדִים).
    if (i === 0 && prefixed && entry[0]?.vowel === SHVA && x === (b[i] as string).replace(/[aeiou]$/u, "")) return true;
    return false;
  });
}

const GUTTURAL_OR_RESH = "אהחער";

/**
 * Whether the pointed prefix letters carry a prefix's pointing: the article הַ with a dagesh after it (הָ before
 * א ר ע, הֶ before ח ה ע), ב כ ל with shva or hirik, or with the article's patah or kamatz, segol before a hataf
 * segol, tsere before א; מִ / מֵ; שֶׁ; ו with shva, shuruk or any vowel but holam. כֶּלֶב is not כ + לֵב, הָלַךְ not
 * ה + לָךְ.
 */
function prefixPointing(pre: Unit[], next: Unit | undefined): boolean {
  if (!next) return false;
  return pre.every((u, i) => {
    const after = pre[i + 1] ?? next;
    const v = u.vowel;
    const articleVowel = () =>
      (v === "\u05B7" && (after.dagesh || "החע".includes(after.letter))) ||
      (v === "\u05B8" && "אעהחר".includes(after.letter)) ||
      (v === "\u05B6" && "החע".includes(after.letter));
    switch (u.letter) {
      case "ו":
        return v !== "\u05B9" && v !== "\u05BA" && (v !== "" || u.dagesh);
      case "ה":
        return articleVowel();
      case "ב":
      case "כ":
      case "ל":
        return (
          v === SHVA ||
          v === "\u05B4" ||
          articleVowel() ||
          (v === "\u05B6" && after.vowel === HATAF_SEGOL) ||
          (v === "\u05B7" && after.vowel === "\u05B2") ||
          (v === "\u05B8" && after.vowel === "\u05B3") ||
          (v === "\u05B5" && after.letter === "א")
        );
      case "מ":
        return v === "\u05B4" || (v === "\u05B5" && GUTTURAL_OR_RESH.includes(after.letter));
      case "ש":
        return v === "\u05B6" || v === "\u05B7";
      default:
        return false;
    }
  });
}

/**
 * The gap of an entry in its example sentence when it can be found without doubt: exactly one word of the
 * sentence is the entry's plain spelling, alone or after a chain of prefixes, and its pointing reads as the
 * entry's (the prefixes pointed as prefixes). Null otherwise, and for entries of more than one word.
 */
export function findGap(sentence: Sentence, entry: Sentence): Gap | null {
  const entryPlain = entry.he.trim().replace(/[?!.,:;()"]+$/u, "");
  if (/[\s\u05BE-]/u.test(entryPlain)) return null;
  const target = spelling(entryPlain);
  const entryUnits = units(cut(entry.nikkud.trim()).body);
  if (target.length === 0 || entryUnits.length === 0) return null;
  const plainTokens = sentence.he.split(" ");
  const pointedTokens = sentence.nikkud.split(" ");
  if (plainTokens.length !== pointedTokens.length) return null;
  const found: Gap[] = [];
  plainTokens.forEach((token, word) => {
    const plainBody = cut(token).body;
    const letters = spelling(plainBody);
    if (!letters.endsWith(target) && !letters.endsWith(target.slice(1))) return;
    const pointedUnits = units(cut(pointedTokens[word] as string).body);
    for (let prefix = 0; prefix <= Math.min(4, letters.length - 1); prefix++) {
      const head = letters.slice(0, prefix);
      const rest = letters.slice(prefix);
      // Full spelling doubles a consonant vav after a prefix: הוורד is ה + ורד (pointed הַוֶּרֶד).
      const doubledVav = prefix > 0 && target.startsWith("ו") && rest === `ו${target}`;
      if (rest !== target && !doubledVav) continue;
      if (prefix > 0 && (!PREFIX_CHAIN.test(head) || WHOLE_WORDS.has(letters))) continue;
      // The pointed word has the same prefix letters (a prefix has no vowel letters).
      if (
        pointedUnits
          .slice(0, prefix)
          .map((u) => u.letter)
          .join("") !== head
      )
        continue;
      const form = pointedUnits.slice(prefix);
      if (prefix > 0 && !prefixPointing(pointedUnits.slice(0, prefix), form[0])) continue;
      if (!readsAsEntry(form, entryUnits, prefix > 0)) continue;
      found.push({ word, prefix });
    }
  });
  return found.length === 1 ? (found[0] as Gap) : null;
}
