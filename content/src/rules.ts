// Pure authoring rules on single texts, used by the loader (load.ts): nikkud marks, scripts per language, roots.
import type { Lang } from "./schema.ts";

const LETTER = /[\u05D0-\u05EA]/u;
const VOWEL_MARKS = new Set([..."\u05B0\u05B1\u05B2\u05B3\u05B4\u05B5\u05B6\u05B7\u05B8\u05B9\u05BA\u05BB\u05C7"]);
const DAGESH = "\u05BC";
const SHIN_DOT = "\u05C1";
const SIN_DOT = "\u05C2";
/** Marks a pointed word may use: vowels (with holam haser for vav and kamatz katan), dagesh/mappiq, shin and sin dot. */
const ALLOWED_MARKS = new Set([...VOWEL_MARKS, DAGESH, SHIN_DOT, SIN_DOT]);
const NAMES: Record<string, string> = {
  "\u05BD": "meteg",
  "\u05BF": "rafe",
  "\u05C4": "upper dot",
  "\u05C5": "lower dot",
};
const hex = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
const isMark = (c: string) => /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/u.test(c);

/**
 * Problems with the nikkud of a pointed text: marks outside the allowed set (cantillation, meteg, …), a mark
 * that follows no letter, two vowels on one letter, shin/sin dot on another letter, ש without its dot,
 * dagesh on a letter that never takes one (ח ע ר).
 */
export function nikkudProblems(pointed: string): string[] {
  const problems = new Set<string>();
  const chars = [...pointed.normalize("NFD")];
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] ?? "";
    if (isMark(c)) {
      problems.add(`mark ${hex(c)} does not follow a letter`);
      i++;
      continue;
    }
    if (!LETTER.test(c)) {
      i++;
      continue;
    }
    const marks: string[] = [];
    i++;
    while (i < chars.length && isMark(chars[i] ?? "")) marks.push(chars[i++] ?? "");
    for (const m of marks)
      if (!ALLOWED_MARKS.has(m))
        problems.add(`mark ${NAMES[m] ?? "cantillation"} ${hex(m)} is not used in learner text`);
    const vowels = marks.filter((m) => VOWEL_MARKS.has(m));
    // Holam on shin (שֹׁ) or sin is written once; a letter otherwise carries at most one vowel.
    if (vowels.length > 1) problems.add(`${c} carries two vowels`);
    const dots = marks.filter((m) => m === SHIN_DOT || m === SIN_DOT);
    if (c === "ש" && dots.length !== 1) problems.add("ש needs a shin dot (שׁ) or a sin dot (שׂ)");
    if (c !== "ש" && dots.length) problems.add(`shin/sin dot on ${c}`);
    if (marks.includes(DAGESH) && "חער".includes(c)) problems.add(`dagesh on ${c}`);
    if (marks.includes("\u05BA") && c !== "ו") problems.add(`holam haser for vav (U+05BA) on ${c}`);
  }
  return [...problems];
}

const CYRILLIC = /\p{Script=Cyrillic}/u;
const ARABIC = /\p{Script=Arabic}/u;
const LATIN = /\p{Script=Latin}/u;

/** A translation written in the wrong script or the neighbouring language's letters (Russian ы in Ukrainian). */
export function scriptProblems(lang: Lang, text: string): string[] {
  switch (lang) {
    case "en":
    case "fr":
    case "es":
      if (!LATIN.test(text)) return ["no Latin letters"];
      if (CYRILLIC.test(text) || ARABIC.test(text)) return ["Cyrillic or Arabic letters in a Latin-script text"];
      return [];
    case "ru": {
      if (!CYRILLIC.test(text)) return ["no Cyrillic letters"];
      const uk = text.match(/[іїєґІЇЄҐ]/u);
      return uk ? [`Ukrainian letter '${uk[0]}' in Russian`] : [];
    }
    case "uk": {
      if (!CYRILLIC.test(text)) return ["no Cyrillic letters"];
      const ru = text.match(/[ыэёъЫЭЁЪ]/u);
      return ru ? [`Russian letter '${ru[0]}' in Ukrainian`] : [];
    }
    case "ar":
      return ARABIC.test(text) ? [] : ["no Arabic letters"];
  }
}

const FINAL_OF: Record<string, string> = { כ: "ך", מ: "ם", נ: "ן", פ: "ף", צ: "ץ" };
const FINALS = new Set(Object.values(FINAL_OF));

/** A root key is written with its last letter in final form where it has one (ש-ל-ם), and only there. */
export function rootKeyProblems(root: string): string[] {
  const letters = root.split("-");
  const problems: string[] = [];
  letters.forEach((l, i) => {
    const last = i === letters.length - 1;
    if (last && FINAL_OF[l]) problems.push(`last letter ${l} should be written ${FINAL_OF[l]}`);
    if (!last && FINALS.has(l)) problems.push(`final letter ${l} inside the root`);
  });
  return problems;
}
