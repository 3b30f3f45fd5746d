// What the nikkud says about pronunciation, for the quality gates (gates.ts): a pointed word read letter by
// letter into units (letter, dagesh, vowel, shin/sin dot, geresh), a regular expression of the
// transliterations the pointing allows (FORMAT.md's letters), and a key that is equal for two pointings that
// read alike (with or without matres lectionis: שֻׁלְחָן = שׁוּלְחָן).
//
// The pointing decides: ב/כ/פ with dagesh are b/k/p, without v/ch/f; the vowels; a furtive patah (רוּחַ, ru-ach)
// is read before its letter. Israeli pronunciation leaves freedom where the pointing does not decide: a mid-word
// shva is silent after a vowel and at the end (decision 0092: kat-VA, chib-KA), silent or e elsewhere, א and ע are silent or ', ה without a vowel is silent, kamatz before a closed syllable may
// be kamatz katan (o), a yod after a vowel is silent or a glide (bei-TZA, LAI-la). A word-initial shva is e
// where Israelis always say it (before a sonorant letter י ל מ נ ר as the first letter, before a guttural or
// the same letter as the second: le-VAD, me-'OD, be-va-ka-SHA), silent or e elsewhere (zman, kvar).

export const MARK = {
  shva: "\u05B0",
  hatafSegol: "\u05B1",
  hatafPatah: "\u05B2",
  hatafKamatz: "\u05B3",
  hirik: "\u05B4",
  tsere: "\u05B5",
  segol: "\u05B6",
  patah: "\u05B7",
  kamatz: "\u05B8",
  holam: "\u05B9",
  holamVav: "\u05BA",
  kubutz: "\u05BB",
  dagesh: "\u05BC",
  shinDot: "\u05C1",
  sinDot: "\u05C2",
  kamatzKatan: "\u05C7",
} as const;

/** The vowel a mark is read as ("" for shva, handled apart). */
const VOWEL_OF: Record<string, string> = {
  [MARK.hatafSegol]: "e",
  [MARK.hatafPatah]: "a",
  [MARK.hatafKamatz]: "o",
  [MARK.hirik]: "i",
  [MARK.tsere]: "e",
  [MARK.segol]: "e",
  [MARK.patah]: "a",
  [MARK.kamatz]: "a",
  [MARK.holam]: "o",
  [MARK.holamVav]: "o",
  [MARK.kubutz]: "u",
  [MARK.kamatzKatan]: "o",
};

export type Unit = {
  letter: string;
  dagesh: boolean;
  /** The vowel mark (or shva) on the letter, "" if none. */
  vowel: string;
  dot: "" | "shin" | "sin";
  geresh: boolean;
};

const isLetter = (c: string) => /[\u05D0-\u05EA]/u.test(c);

/** One pointed word (no spaces) into its letters with their marks; punctuation and maqaf are dropped. */
export function units(word: string): Unit[] {
  const out: Unit[] = [];
  for (const c of word.normalize("NFD")) {
    const last = out[out.length - 1];
    if (isLetter(c)) out.push({ letter: c, dagesh: false, vowel: "", dot: "", geresh: false });
    else if (!last) continue;
    else if (c === MARK.dagesh) last.dagesh = true;
    else if (c === MARK.shinDot) last.dot = "shin";
    else if (c === MARK.sinDot) last.dot = "sin";
    else if (c === "\u05F3" || c === "'") last.geresh = true;
    else if (c === MARK.shva || c in VOWEL_OF) last.vowel = c;
  }
  return out;
}

/** Words of a pointed or plain text: split at spaces and maqaf, punctuation dropped, empty parts left out. */
export function words(text: string): string[] {
  return text
    .split(/[\s\u05BE-]+/u)
    .map((w) => w.replace(/[^\u0591-\u05C7\u05D0-\u05EA\u05F3\u05F4'"]/gu, "").replace(/^['"]+|['"]+$/gu, ""))
    .filter((w) => /[\u05D0-\u05EA]/u.test(w));
}

const FINAL: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
const base = (l: string) => FINAL[l] ?? l;

/** Is this vav a vowel letter: holam male (וֹ) or shuruk (וּ without a vowel)? */
function vavVowel(u: Unit, prev: Unit | undefined): "o" | "u" | undefined {
  if (u.letter !== "ו") return undefined;
  // Shuruk (also the conjunction וּ); after a vowel a vav with dagesh is a doubled v (שִׁוּוּק, shi-VUK).
  if (u.dagesh && !u.vowel && (!prev?.vowel || prev.vowel === MARK.shva)) return "u";
  if (prev && u.vowel === MARK.holam && !prev.vowel) return "o";
  return undefined;
}

/**
 * A yod that only marks a vowel: no marks of its own, after a letter with a vowel (ktiv male, סִיר, בֵּיצָה, the
 * silent yod of ָיו). A vav that marks a vowel carries its holam or dagesh (וֹ וּ); a bare vav is a consonant
 * (עַכְשָׁו, achshav).
 */
function mater(u: Unit, prev: Unit | undefined): boolean {
  return u.letter === "י" && !u.vowel && !u.dagesh && !!prev?.vowel && prev.vowel !== MARK.shva;
}

/**
 * A key equal for pointings that read alike: consonants (ב/כ/פ by dagesh, שׁ/שׂ, ו as vav or vowel), vowels by
 * sound with kamatz and patah kept apart (the spelling is part of what is checked), matres and dagesh forte
 * ignored (dagesh is only kept where it changes the sound).
 */
export function readingKey(word: string): string {
  const us = units(word);
  let key = "";
  us.forEach((u, i) => {
    const prev = us[i - 1];
    const vv = vavVowel(u, prev);
    if (vv) {
      key += vv === "o" ? MARK.holam : MARK.kubutz;
      return;
    }
    if (mater(u, prev)) return;
    const l = base(u.letter);
    key += l;
    if ("בכפ".includes(l) && u.dagesh) key += MARK.dagesh;
    if (u.dot) key += u.dot === "shin" ? MARK.shinDot : MARK.sinDot;
    if (u.geresh) key += "'";
    if (u.vowel && u.vowel !== MARK.holamVav) key += u.vowel;
    else if (u.vowel === MARK.holamVav) key += MARK.holam;
  });
  return key;
}

/** A word-initial shva on these is always said (ve-, le-, me-, ne-, re-, ye-). */
const SONORANT = "וילמנר";
/** Before these the initial shva is said (she-'e-LA); before ח it often is not (bchi-RA). */
const GUTTURAL = "אהע";

/**
 * The Latin letters of a consonant whose sound its pointing alone fixes (FORMAT.md): b/v, k/ch, p/f by dagesh, s/sh by
 * the dot, the rest one sound each. Not א ע ה ו י, whose reading depends on their place (the callers decide).
 * Shared by the transliteration gate and the verb generator (conjugate.ts), so both read a letter the same way.
 */
export function fixedConsonant(letter: string, dagesh: boolean, sin: boolean): string | undefined {
  switch (base(letter)) {
    case "ב":
      return dagesh ? "b" : "v";
    case "כ":
      return dagesh ? "k" : "ch";
    case "פ":
      return dagesh ? "p" : "f";
    case "ש":
      return sin ? "s" : "sh";
    case "ג":
      return "g";
    case "ד":
      return "d";
    case "ז":
      return "z";
    case "ח":
      return "ch";
    case "ט":
    case "ת":
      return "t";
    case "ל":
      return "l";
    case "מ":
      return "m";
    case "נ":
      return "n";
    case "ס":
      return "s";
    case "צ":
      return "tz";
    case "ק":
      return "k";
    case "ר":
      return "r";
    default:
      return undefined;
  }
}

function consonant(u: Unit): string {
  const l = base(u.letter);
  if (u.geresh) {
    if (l === "ג") return "j";
    if (l === "ז") return "zh";
    if (l === "צ") return "tsh";
    if (l === "ת") return "t";
    if (l === "ח") return "ch";
  }
  switch (l) {
    case "א":
    case "ע":
      return "'?";
    case "ה":
      return u.vowel && u.vowel !== MARK.shva ? "h" : "h?";
    case "ו":
      return "(?:v|w)";
    case "י":
      return u.vowel === MARK.shva ? "(?:y|i)" : "y"; // לַיְלָה, LAI-la
    default:
      return fixedConsonant(l, u.dagesh, u.dot === "sin") ?? "";
  }
}

/** Does the letter after `i` close the syllable (a shva, or no vowel at all)? Kamatz there may be katan. */
function closedAfter(us: Unit[], i: number): boolean {
  const next = us[i + 1];
  if (!next) return false;
  // Before a hataf kamatz or a doubled letter (אָמָּנוּת, o-ma-NUT) a kamatz may be katan too.
  if (
    next.vowel === MARK.hatafKamatz ||
    (next.dagesh && !"בגדכפת".includes(base(next.letter)) && !vavVowel(next, us[i]))
  )
    return true;
  const after = us[i + 2];
  return (next.vowel === MARK.shva || (!next.vowel && !after)) && !vavVowel(next, us[i]) && !mater(next, us[i]);
}

/**
 * A shva inside the word that Israelis never say (decision 0092): at the end of the word (כָּתַבְתְּ), or after a
 * vowel (an open syllable: כָּתְבָה kat-VA, חִבְּקָה chib-KA, שׁוֹמְרִים shom-RIM) unless the next letter is the same
 * (סָבְבוּ sa-ve-VU). Left free: after a closed syllable (the second of two shvas: תִּכְתְּבִי tich-te-VI, but a
 * loanword's cluster: אַנְגְּלִית ang-LIT), and on the second letter when it may follow a prefix: doubled after
 * ה ו ב כ ל מ ש (the article: הַמְּנַהֵל ha-me-na-HEL), or after the conjunction וּ (וּבְכֵן u-ve-CHEN).
 */
function silentShva(us: Unit[], i: number): boolean {
  const u = us[i] as Unit;
  const next = us[i + 1];
  if (!next) return true;
  if (base(next.letter) === base(u.letter)) return false;
  // After a prefix: the article's (or מ/ש's) doubling dot in the letter (הַמְּ), or the conjunction וּ.
  if (i === 1 && ((u.dagesh && "הובכלמש".includes(us[0]?.letter ?? "")) || vavVowel(us[0] as Unit, undefined)))
    return false;
  // The sound before: the nearest letter that is not a vowel letter (a mater or וֹ/וּ says a vowel).
  let j = i - 1;
  while (j >= 0 && (mater(us[j] as Unit, us[j - 1]) || vavVowel(us[j] as Unit, us[j - 1]))) {
    if (vavVowel(us[j] as Unit, us[j - 1])) return true; // וּ/וֹ before it: a vowel
    j--;
  }
  const prev = us[j];
  if (!prev || j < i - 1) return !!prev; // a mater before it: an open syllable
  return prev.vowel !== "" && prev.vowel !== MARK.shva;
}

/** The regular expression (as source) of the transliterations one pointed word allows, letters only. */
export function wordPattern(word: string): string {
  const us = units(word);
  let re = "";
  us.forEach((u, i) => {
    const prev = us[i - 1];
    const last = i === us.length - 1;
    const vv = vavVowel(u, prev);
    if (vv) {
      re += vv === "o" ? "(?:v|w)?o" : "u";
      return;
    }
    // A bare yod after a vowel: silent, or a glide (bei-TZA, LAI-la).
    if (mater(u, prev)) {
      re += "(?:y|i)?";
      return;
    }
    // A bare yod after a silent א or a shuruk (תְּנַאי, פִּצּוּי): the glide of a diphthong, i or y.
    if (u.letter === "י" && !u.vowel && !u.dagesh) {
      re += "(?:y|i)?";
      return;
    }
    // Two bare vavs in a loanword: w (or v).
    if (u.letter === "ו" && !u.vowel && !u.dagesh && us[i + 1]?.letter === "ו" && !us[i + 1]?.vowel) {
      re += "(?:w|v)?";
      return;
    }
    const c = consonant(u);
    // A final consonant that closes a syllable ending in the same sound is said once (הֶחְלַטְתְּ hech-LAT).
    if (
      last &&
      u.vowel === MARK.shva &&
      prev &&
      (prev.vowel === "" || prev.vowel === MARK.shva) &&
      consonant(prev) === c
    ) {
      re += `(?:${c})?`;
      return;
    }
    let v = "";
    if (u.vowel === MARK.shva) {
      if (i === 0 && us.length > 1) {
        const second = us[1] as Unit;
        const sure =
          SONORANT.includes(u.letter) || GUTTURAL.includes(second.letter) || base(second.letter) === base(u.letter);
        v = sure ? "e" : "e?";
      } else if (u.letter === "ע" && prev?.vowel === MARK.patah) {
        v = "(?:e|a)?"; // מַעְבָּדָה, נַעְלַיִם: Israelis say ma-'a-ba-DA, as if the shva were a hataf patah
      } else if (silentShva(us, i)) v = "";
      // Before the same letter it is said (sa-ve-VU); elsewhere free (decision 0092).
      else v = base(us[i + 1]?.letter ?? "") === base(u.letter) ? "e" : "e?";
    } else if (u.vowel === MARK.kamatz) v = closedAfter(us, i) ? "[ao]" : "a";
    else if (u.vowel) v = VOWEL_OF[u.vowel] ?? "";
    // A bare letter with no vowel in the middle of a word: read as if it had a shva.
    else if (!last && !"אהעוי".includes(u.letter)) v = "e?";
    // Furtive patah: a final ח, ע or הּ with patah is read a + the consonant (ru-ACH, ta-PU-ach).
    if (last && u.vowel === MARK.patah && (u.letter === "ח" || u.letter === "ע" || (u.letter === "ה" && u.dagesh)))
      re += `(?:${v}${c}|${c}${v})`;
    else re += `(?:${c})${v}`;
  });
  return re;
}

/** The transliteration's letters, for matching: lower case, no syllable marks or spaces. */
export const translitLetters = (translit: string) => translit.toLowerCase().replace(/[\s-]/g, "");

/** Does a transliteration read as the pointed text (one word or a phrase) says? */
export function translitAgrees(pointed: string, translit: string): boolean {
  const pattern = words(pointed).map(wordPattern).join("");
  return new RegExp(`^${pattern}$`, "u").test(translitLetters(translit));
}

/** A plain reading of the pointing in the format's letters, for messages ("sha-fir" for שָׁפִיר; no stress). */
export function suggestTranslit(pointed: string): string {
  return words(pointed)
    .map((w) =>
      wordPattern(w)
        .replace(/\(\?:[^()]*\)\?/gu, "")
        .replace(/\(\?:([^|()]*)(?:\|[^()]*)?\)/gu, "$1")
        .replace(/\(\?:([^|()]*)(?:\|[^()]*)?\)/gu, "$1")
        .replace(/\[(\w)\w*\]/gu, "$1")
        .replace(/[a-z']\?/gu, ""),
    )
    .join(" ");
}
