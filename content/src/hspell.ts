// hspell (Hebrew spell checker, Debian package hspell): is a plain word real, and what are its part of speech
// and tense? `hspell -l` ("linguistic information") prints, for each correct word, how it was recognised:
//
//   מילה חוקית: כותב          (a valid word)
//   	כותב(פ,ז,3,יחיד,עבר)     (lemma(part of speech, gender, person, number, tense))
//   צירוף חוקי: ל+לכת         (a valid prefix + word)
//   	הלך(פ,מקור)
//   שגיאות כתיב שנמצאו:        (spelling errors found:)
//
//   קקקשש
//
// Parts of speech: ע noun, פ verb, ת adjective, x other (שונות: adverbs, particles); tenses: עבר past, הווה
// present, עתיד future, מקור infinitive, ציווי imperative. hspell reads and writes ISO-8859-8; the Hebrew letters
// are converted here (what `iconv -f utf-8 -t iso-8859-8` does for them).
import { execFileSync } from "node:child_process";
import type { ContentWord } from "./load.ts";

export type Analysis = { lemma: string; pos: string; attrs: string[] };
/** How hspell read one word: one reading per split into prefix + rest ("" for the whole word). */
export type Reading = { prefix: string; analyses: Analysis[] };
export type HspellResult = { known: Map<string, Reading[]>; unknown: Set<string> };

const VALID_WORD = "מילה חוקית:";
const VALID_SPLIT = "צירוף חוקי:";
const ERRORS = "שגיאות כתיב שנמצאו";

export function parseAnalysis(line: string): Analysis | undefined {
  const m = line.trim().match(/^(.*)\((.*)\)$/u);
  if (!m) return undefined;
  const attrs = (m[2] ?? "").split(",").map((a) => a.trim());
  return { lemma: m[1] ?? "", pos: attrs[0] ?? "", attrs: attrs.slice(1) };
}

/** Parses `hspell -l` output (already decoded to UTF-8). */
export function parseHspellOutput(output: string): HspellResult {
  const known = new Map<string, Reading[]>();
  const unknown = new Set<string>();
  let current: Reading | undefined;
  let inErrors = false;
  for (const raw of output.split("\n")) {
    const line = raw.replace(/\r$/, "");
    if (inErrors) {
      if (line.trim()) unknown.add(line.trim());
      continue;
    }
    if (line.startsWith(ERRORS)) {
      inErrors = true;
      current = undefined;
      continue;
    }
    const header = line.startsWith(VALID_WORD) ? VALID_WORD : line.startsWith(VALID_SPLIT) ? VALID_SPLIT : undefined;
    if (header) {
      const text = line.slice(header.length).trim();
      const plus = text.indexOf("+");
      const prefix = header === VALID_SPLIT && plus >= 0 ? text.slice(0, plus) : "";
      const word = text.replace("+", "");
      current = { prefix, analyses: [] };
      known.set(word, [...(known.get(word) ?? []), current]);
      continue;
    }
    if (/^\s/.test(line) && current) {
      const a = parseAnalysis(line);
      if (a) current.analyses.push(a);
    }
  }
  return { known, unknown };
}

/** ISO-8859-8 bytes for Hebrew letters, geresh and gershayim (as ' and "), one word per line. */
export function encodeIso8859_8(words: readonly string[]): Buffer {
  const bytes: number[] = [];
  for (const w of words) {
    for (const ch of w) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp >= 0x5d0 && cp <= 0x5ea) bytes.push(0xe0 + cp - 0x5d0);
      else if (ch === "\u05F3" || ch === "'") bytes.push(0x27);
      else if (ch === "\u05F4" || ch === '"') bytes.push(0x22);
    }
    bytes.push(0x0a);
  }
  return Buffer.from(bytes);
}

export function decodeIso8859_8(bytes: Buffer): string {
  return new TextDecoder("iso-8859-8").decode(bytes);
}

/** Plain Hebrew words of a text, in the form hspell reads them (geresh and gershayim kept inside a word). */
export function hebrewTokens(text: string): string[] {
  return (text.match(/[\u05D0-\u05EA][\u05D0-\u05EA\u05F3\u05F4'"]*/gu) ?? []).map((t) => t.replace(/['"]+$/u, ""));
}

export function hspellAvailable(): boolean {
  try {
    execFileSync("hspell", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Runs `hspell -l` once over all the words. Words hspell cannot read back (no Hebrew) are left out. */
export function runHspell(words: Iterable<string>, cwd?: string): HspellResult {
  const list = [...new Set(words)].filter((w) => /[\u05D0-\u05EA]/u.test(w));
  if (!list.length) return { known: new Map(), unknown: new Set() };
  const out = execFileSync("hspell", ["-l"], {
    input: encodeIso8859_8(list),
    maxBuffer: 256 * 1024 * 1024,
    ...(cwd ? { cwd } : {}),
  });
  const parsed = parseHspellOutput(decodeIso8859_8(out));
  // hspell prints words with geresh as it read them ('); map them back to the form in the content.
  const back = new Map(list.map((w) => [w.replace(/\u05F3/gu, "'").replace(/\u05F4/gu, '"'), w]));
  const rename = (w: string) => back.get(w) ?? w;
  return {
    known: new Map([...parsed.known].map(([w, r]) => [rename(w), r])),
    unknown: new Set([...parsed.unknown].map(rename)),
  };
}

const POS_LETTER = { noun: "ע", verb: "פ", adjective: "ת" } as const;
const TENSE_WORD = { present: "הווה", past: "עבר", future: "עתיד", infinitive: "מקור" } as const;

export type PosVerdict = "agrees" | "disagrees" | "not-checked";

/**
 * Does hspell's reading of a single-word entry agree with its part of speech (and a verb's tense)? Nouns need
 * an ע reading (or ת, or a present participle: a word used as a noun); adjectives ת (or a present participle,
 * שמח); adverbs x or ת or a prefix + word (מראש); verbs a פ reading in their tense, masculine singular, third
 * person in past and future, without a pronoun suffix (an infinitive is read as ל + the infinitive);
 * numerals x (hspell's tag for the small numbers) or ע (מֵאָה, אֶלֶף) or ת (ordinals); the closed classes
 * (pronoun, preposition, conjunction, question word, particle) an x reading, a noun in construct (סביב) or a
 * prefix + word (בשביל). Interjections, phrases, expressions and entries of several words are not checked.
 */
export function posVerdict(
  word: Pick<ContentWord, "he" | "pos" | "tense">,
  readings: Reading[] | undefined,
): PosVerdict {
  // An interjection may be any word said as a formula (תּוֹדָה a noun, לְהִתְרָאוֹת an infinitive): not checked.
  if (word.pos === "phrase" || word.pos === "expression" || word.pos === "interjection") return "not-checked";
  if (hebrewTokens(word.he).length !== 1 || /[\s\-\u05BE]/u.test(word.he.trim())) return "not-checked";
  if (!readings?.length) return "not-checked";
  if (readings.every((r) => r.analyses.length === 0)) return "not-checked"; // hspell built without linginfo
  const whole = readings.filter((r) => r.prefix === "").flatMap((r) => r.analyses);
  const withL = readings.filter((r) => r.prefix === "ל" || r.prefix === "").flatMap((r) => r.analyses);
  const plainReading = (a: Analysis) => !a.attrs.some((x) => x.startsWith("כינוי") || x === "סמיכות");
  switch (word.pos) {
    case "noun":
      // Adjectives and participles used as nouns (חשוד, תובע) count: hspell lists some only as ת or פ,הווה.
      return whole.some(
        (a) =>
          a.pos === POS_LETTER.noun ||
          a.pos === POS_LETTER.adjective ||
          (a.pos === POS_LETTER.verb && a.attrs.includes(TENSE_WORD.present) && plainReading(a)),
      )
        ? "agrees"
        : "disagrees";
    case "adjective":
      // Stative adjectives (שמח, רעב) are present participles: hspell may know them only as פ,הווה.
      return whole.some(
        (a) =>
          a.pos === POS_LETTER.adjective ||
          (a.pos === POS_LETTER.verb && a.attrs.includes(TENSE_WORD.present) && plainReading(a)),
      )
        ? "agrees"
        : "disagrees";
    case "adverb":
      // Adverbs are often a preposition + noun (מראש, בזמן): any prefixed reading counts.
      return whole.some((a) => a.pos === "x" || a.pos === POS_LETTER.adjective) ||
        readings.some((r) => r.prefix !== "" && r.analyses.length > 0)
        ? "agrees"
        : "disagrees";
    case "numeral":
      return whole.some((a) => a.pos === "x" || a.pos === POS_LETTER.noun || a.pos === POS_LETTER.adjective)
        ? "agrees"
        : "disagrees";
    case "pronoun":
    case "preposition":
    case "conjunction":
    case "question":
    case "particle":
      // hspell tags all of these x (שונות) and cannot tell them apart; many are a preposition + noun (בשביל,
      // לגבי) or a noun in construct (סביב, מפני): those readings count too.
      return readings.some(
        (r) =>
          r.analyses.some((a) => a.pos === "x" || a.attrs.includes("סמיכות")) ||
          (r.prefix !== "" && r.analyses.length > 0),
      )
        ? "agrees"
        : "disagrees";
    case "verb": {
      if (!word.tense) return "disagrees";
      const tense = TENSE_WORD[word.tense];
      const pool = word.tense === "infinitive" ? withL : whole;
      const ok = pool.some(
        (a) =>
          a.pos === POS_LETTER.verb &&
          a.attrs.includes(tense) &&
          plainReading(a) &&
          !a.attrs.includes("נ") &&
          !a.attrs.includes("רבים") &&
          (word.tense === "past" || word.tense === "future" ? a.attrs.includes("3") : true),
      );
      return ok ? "agrees" : "disagrees";
    }
  }
}

/** Prefixes hspell accepts before a word (ו, ה, ש, ב, כ, ל, מ and their combinations: וכשה, מה, …). */
const PREFIXES = /^(?:ו?(?:ש|כש|מש|לכש)?(?:[בכלמ]|מה|ה)?)/u;

/** Is the token an allowlisted word, maybe with prefixes (לאמא, והאמא)? Returns the allowlisted word. */
export function allowlisted(token: string, allow: Readonly<Record<string, string>>): string | undefined {
  if (token in allow) return token;
  for (let i = 1; i <= 4 && i < token.length; i++) {
    const prefix = token.slice(0, i);
    const rest = token.slice(i);
    if (rest in allow && PREFIXES.exec(prefix)?.[0] === prefix) return rest;
  }
  return undefined;
}

/** What hspell read, short, for messages: "כתב(פ,ז,3,יחיד,עבר); ל+לכת: הלך(פ,מקור)". */
export function describeReadings(readings: Reading[] | undefined): string {
  if (!readings?.length) return "not recognised";
  return readings
    .map((r) => {
      const list = r.analyses.map((a) => `${a.lemma}(${[a.pos, ...a.attrs].join(",")})`).join(" ");
      return r.prefix ? `${r.prefix}+: ${list || "-"}` : list || "-";
    })
    .join("; ");
}
