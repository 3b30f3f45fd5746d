// Hebrew text rules shared by the content checker, the server and the games.

/** Nikkud and cantillation marks (CONTENT.md): U+0591–U+05BD, U+05BF, U+05C1, U+05C2, U+05C4, U+05C5, U+05C7. */
const MARKS = /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/gu;
const MAQAF = /\u05BE/gu;

/** Removes vowel and cantillation marks after NFC; the maqaf becomes a hyphen. */
export function stripNikkud(text: string): string {
  return text.normalize("NFC").normalize("NFD").replace(MARKS, "").replace(MAQAF, "-").normalize("NFC");
}

export function hasNikkud(text: string): boolean {
  return /[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/u.test(text.normalize("NFD"));
}

const FINALS: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };

/** Hebrew letters only, final forms folded to their regular form. */
export function hebrewLetters(text: string): string {
  return [...stripNikkud(text)]
    .filter((c) => c >= "\u05D0" && c <= "\u05EA")
    .map((c) => FINALS[c] ?? c)
    .join("");
}

/**
 * Full spelling (ktiv male) adds vav and yod to the defective spelling that stripping the pointed form gives.
 * True when `plain` is `pointed`'s letters with only vavs and yods added (in order).
 */
export function plainMatchesPointed(plain: string, pointed: string): boolean {
  const p = hebrewLetters(plain);
  const d = hebrewLetters(pointed);
  let i = 0;
  for (const c of p) {
    if (i < d.length && d[i] === c) i++;
    else if (c !== "ו" && c !== "י") return false;
  }
  return i === d.length;
}

/** Answer comparison: trimmed, case-insensitive, without nikkud. */
export function normalizeAnswer(text: string): string {
  return stripNikkud(text).trim().toLocaleLowerCase();
}

/** Sentence comparison: also without punctuation and spacing. */
export function normalizeSentence(text: string): string {
  return normalizeAnswer(text).replace(/[\p{P}\s]/gu, "");
}
