// The conjugation generator (issue 9, decision 0018): from a verb's root, binyan and class, every cell of its
// table (present in four forms, past and future in every person, imperative, infinitive), each pointed (NFC),
// in full spelling (ktiv male, the way newspapers write it) and transliterated with the stressed syllable in
// capitals (FORMAT.md). Irregular cells come from the verb's `overrides` in content/verbs/*.json, each with a
// reason. hspell checks every generated plain form (verb-check.ts).
//
// A form is written as a template of units, one per consonant: a root letter (1-4) or a literal letter, its
// vowel and flags. Each unit says how it is pointed, how full spelling adds vav/yod around it, and how it
// sounds, so the three spellings of a form cannot drift apart.
//
//   vowels: a patah, A kamatz, e segol, E tsere, i hirik, I hirik + yod, o holam (full spelling adds vav),
//           O holam male (וֹ written), u kubutz, U shuruk (וּ written), eY segol + yod (תִּבְנֶינָה),
//           _a _e _o hataf patah/segol/kamatz; shvas: ':' silent (the next ב/כ/פ… takes dagesh), ';' and ','
//           vocal in grammar (no dagesh after it), said inside the word only after a closed syllable or before
//           the same letter (decision 0092: tich-te-VI, but kat-VA, kot-VIM); ';' at the start is said e,
//           '~' word-initial: said e where Israelis always say it (le-MAD, she-'a-LU), else a cluster (ktav-TEM)
//   flags:  '*' dagesh forte, '^' stressed (default: the last syllable), '!' full spelling adds no yod
//           (הִגִּישׁ -> הגיש)
import { stripNikkud } from "@ivrit/core/hebrew";
import { fixedConsonant } from "./pointing.ts";

export const BINYANIM = ["paal", "nifal", "piel", "pual", "hifil", "hufal", "hitpael"] as const;
export type Binyan = (typeof BINYANIM)[number];

/** The root's class: decides the template. Gutturals are read from the letters themselves. */
export const CLASSES = [
  "regular",
  "pe-nun", // נ-ס-ע: יִסַּע, הִגִּישׁ
  "pe-yod", // י-ש-ן: יִישַׁן (pa'al keeps the yod); hif'il הוֹרִיד
  "pe-yod-drop", // י-ר-ד: יֵרֵד, לָרֶדֶת
  "pe-alef", // א-כ-ל: יֹאכַל
  "hollow", // ק-ו-ם, ש-י-ם: קָם, יָקוּם, הֵקִים
  "lamed-he", // ב-נ-ה: בָּנָה, יִבְנֶה
  "lamed-alef", // ק-ר-א: קָרָא, קָרָאתִי
  "geminate", // פ-ר-ר: הֵפֵר
] as const;
export type VerbClass = (typeof CLASSES)[number];

export const CELLS = [
  "pres.ms",
  "pres.fs",
  "pres.mp",
  "pres.fp",
  "past.1s",
  "past.2ms",
  "past.2fs",
  "past.3ms",
  "past.3fs",
  "past.1p",
  "past.2mp",
  "past.2fp",
  "past.3p",
  "fut.1s",
  "fut.2ms",
  "fut.2fs",
  "fut.3ms",
  "fut.3fs",
  "fut.1p",
  "fut.2mp",
  "fut.2fp",
  "fut.3mp",
  "fut.3fp",
  "imp.ms",
  "imp.fs",
  "imp.p",
  "inf",
] as const;
export type Cell = (typeof CELLS)[number];

/** A form as written: full spelling, pointing, transliteration. */
export type PlainForm = { he: string; nikkud: string; translit: string };
/**
 * A cell's form. `literary`: the written form of the cell when Israelis say another one, which is the cell's
 * own form (decision 0091: the -נָה feminine plural future, a literary imperative). `root`: on a cell taken from
 * another verb (a suppletive table), that verb's root.
 */
export type Form = PlainForm & { literary?: PlainForm; root?: string };
export type Table = Partial<Record<Cell, Form>>;

/**
 * The literary cells of every table and the cell Israelis say in their place: the feminine plural future in
 * -נָה (תִּכְתֹּבְנָה) is literary; speech uses the plural in -וּ for men and women (תִּכְתְּבוּ, יִכְתְּבוּ).
 */
export const SPOKEN_FOR: Partial<Record<Cell, Cell>> = { "fut.2fp": "fut.2mp", "fut.3fp": "fut.3mp" };
/** A verb with `imperative: "future"`: the future forms that serve as its spoken imperative. */
export const IMPERATIVE_FROM_FUTURE: Partial<Record<Cell, Cell>> = {
  "imp.ms": "fut.2ms",
  "imp.fs": "fut.2fs",
  "imp.p": "fut.2mp",
};
/** The tenses a suppletive verb may take from another verb (the cells' prefix). */
export const TENSE_PARTS = ["pres", "past", "fut", "imp", "inf"] as const;

export type VerbSpec = {
  /** The plain infinitive (the `verb` of the module entries), or the past 3ms for pu'al and huf'al. */
  verb: string;
  root: string; // "כ-ת-ב"
  binyan: Binyan;
  class: VerbClass;
  /** Pa'al: the future's stem vowel (יִכְתֹּב o, יִלְמַד a); pa'al hollow: the vowel of ָקוּם u, ָשִׂים i, ָבוֹא o. */
  vowel?: "o" | "a" | "e" | "u" | "i";
  /** The root's ש is sin (שׂ). */
  sin?: boolean;
  /** A first-letter guttural before the prefix: "hataf" (יַעֲבֹד, הֶאֱכִיל) or "shva" (יַחְתֹּם, הֶחְלִים). */
  guttural?: "hataf" | "shva";
  /** Pa'al stative present (גָּדֵל, גְּדֵלָה). */
  stative?: boolean;
  /** Cells the verb does not use, each with its reason (the literary present of היה). */
  absent?: Partial<Record<Cell, string>>;
  /** Explicit forms for irregular cells, each with its reason. */
  overrides?: Partial<Record<Cell, PlainForm & { reason: string }>>;
  /**
   * A suppletive verb (decision 0091): tenses whose cells are another verb's (its infinitive), the way Israelis
   * say them: "say" is אוֹמֵר, אָמַר from לומר but יַגִּיד, לְהַגִּיד from להגיד.
   */
  suppletive?: Partial<Record<(typeof TENSE_PARTS)[number], string>>;
  /** "future": the imperative Israelis say is the future (תַּגִּיד); the written one (הַגֵּד) is literary. */
  imperative?: "future";
};

const GUTTURALS = "אהחע";
const BGDKPT = "בגדכפת";
const FINAL: Record<string, string> = { כ: "ך", מ: "ם", נ: "ן", פ: "ף", צ: "ץ" };
const TO_BASE: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
const base = (l: string) => TO_BASE[l] ?? l;

const M = {
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
  kubutz: "\u05BB",
  dagesh: "\u05BC",
  shin: "\u05C1",
  sin: "\u05C2",
};

type Unit = {
  l: string; // the letter (regular form)
  v: string; // vowel key
  forte: boolean;
  stress: boolean;
  noYod: boolean;
  sin: boolean;
  root: boolean;
  furtive?: boolean;
  /** tsere from a hirik lengthened before a guttural: full spelling keeps the hirik's yod (בירך, ייעזר). */
  keepYod?: boolean;
  dagesh?: boolean; // computed: forte or lene
};

const SHVAS = new Set([":", ";", ",", "~"]);
const FULL_VOWEL: Record<string, string> = {
  a: M.patah,
  A: M.kamatz,
  e: M.segol,
  eY: M.segol,
  E: M.tsere,
  i: M.hirik,
  I: M.hirik,
  o: M.holam,
  u: M.kubutz,
  _a: M.hatafPatah,
  _e: M.hatafSegol,
  _o: M.hatafKamatz,
};
const SOUND: Record<string, string> = {
  a: "a",
  A: "a",
  e: "e",
  eY: "e",
  E: "e",
  i: "i",
  I: "i",
  o: "o",
  O: "o",
  u: "u",
  U: "u",
  _a: "a",
  _e: "e",
  _o: "o",
  ";": "e",
};

/** Parses a template ("הi 1: 2I 3") with the root's letters into units. */
function parse(template: string, root: string[], sin: boolean): Unit[] {
  return template
    .trim()
    .split(/\s+/)
    .map((tok) => {
      const m = tok.match(/^([1-4]|[\u05D0-\u05EA])([*^!]*)(eY|_a|_e|_o|[aAeEiIoOuU:;,~])?([*^!]*)$/u);
      if (!m) throw new Error(`bad template token '${tok}' in '${template}'`);
      const [, ls = "", f1 = "", v = "", f2 = ""] = m;
      const flags = f1 + f2;
      const isRoot = /[1-4]/.test(ls);
      const l = isRoot ? base(root[Number(ls) - 1] ?? "?") : base(ls);
      return {
        l,
        v,
        forte: flags.includes("*"),
        stress: flags.includes("^"),
        noYod: flags.includes("!"),
        sin: isRoot && l === "ש" && sin,
        root: isRoot,
      };
    });
}

/** Sound rules the templates leave to the letters: gutturals refuse dagesh and vocal shva; furtive patah. */
function phonology(us: Unit[], lengthenAll: boolean): void {
  // A root's last letter meets the same letter of a suffix: one letter, doubled (נִגַּנּוּ, נָחַתִּי, תִּתְקֵנָּה).
  for (let i = us.length - 2; i >= 0; i--) {
    const u = us[i] as Unit;
    const next = us[i + 1] as Unit;
    if (u.root && u.v === ":" && !next.root && next.l === u.l) {
      next.forte = true;
      next.stress ||= u.stress;
      us.splice(i, 1);
    }
  }
  us.forEach((u, i) => {
    const prev = us[i - 1];
    // A guttural or ר cannot be doubled: א and ר (and every guttural after the nif'al prefix) lengthen the vowel
    // before them (בֵּרֵךְ, יֵעָזֵר); ה ח ע are doubled "virtually" (נִהֵל).
    if (u.forte && (GUTTURALS.includes(u.l) || u.l === "ר")) {
      u.forte = false;
      if (prev && (u.l === "א" || u.l === "ר" || lengthenAll)) {
        if (prev.v === "a") prev.v = "A";
        else if (prev.v === "i" || prev.v === "I") {
          prev.v = "E";
          prev.keepYod = true;
        } else if (prev.v === "u") prev.v = "o";
        else if (prev.v === "e" && lengthenAll) {
          prev.v = "E"; // nif'al 1s: אֶכָּנֵס but אֵרָשֵׁם (full spelling אירשם)
          prev.keepYod = true;
        }
      }
    }
    // A guttural's vocal shva is a hataf (שָׁאֲלָה, נִהֲלָה, עֲבַדְתֶּם).
    if (GUTTURALS.includes(u.l) && (u.v === ";" || u.v === "," || u.v === "~")) u.v = "_a";
    // A final ח or ע after a vowel other than a is read with a furtive patah (שׁוֹמֵעַ, לִפְתֹּחַ).
    if (i === us.length - 1 && (u.l === "ח" || u.l === "ע") && u.v === "" && prev && !["a", "A", "_a"].includes(prev.v))
      u.furtive = true;
  });
  // Dagesh lene: ב ג ד כ פ ת at the start of the word or after a closed syllable (a silent shva or a bare
  // consonant that is not a quiescent א ה ו י).
  us.forEach((u, i) => {
    const prev = us[i - 1];
    const closes = prev && (prev.v === ":" || (prev.v === "" && !"אהוי".includes(prev.l)));
    u.dagesh = u.forte || (BGDKPT.includes(u.l) && (!prev || !!closes));
  });
}

/** The pointed form (NFC). */
function pointed(us: Unit[]): string {
  let out = "";
  us.forEach((u, i) => {
    const last = i === us.length - 1 && !["O", "U", "I", "eY"].includes(u.v);
    const letter = last ? (FINAL[u.l] ?? u.l) : u.l;
    let s = letter;
    if (u.l === "ש") s += u.sin ? M.sin : M.shin;
    if (u.dagesh) s += M.dagesh;
    if (u.furtive) s += M.patah;
    else if (FULL_VOWEL[u.v]) s += FULL_VOWEL[u.v];
    else if (SHVAS.has(u.v)) s += M.shva;
    // A final kaf without a vowel carries a shva (הָלַךְ).
    else if (last && u.l === "כ" && u.v === "") s += M.shva;
    if (u.v === "O") s += `ו${M.holam}`;
    else if (u.v === "U") s += `ו${M.dagesh}`;
    else if (u.v === "I") s += "י";
    else if (u.v === "eY") s += "י";
    out += s;
  });
  return out.normalize("NFC");
}

/** Full spelling (ktiv male): holam and kubutz take a vav, an open hirik a yod, a consonantal vav/yod doubles. */
function plain(us: Unit[]): string {
  let out = "";
  us.forEach((u, i) => {
    const prev = us[i - 1];
    const next = us[i + 1];
    const last = i === us.length - 1;
    let s = last && !["O", "U", "I", "eY"].includes(u.v) ? (FINAL[u.l] ?? u.l) : u.l;
    const vavNear =
      prev?.l === "ו" || prev?.v === "O" || prev?.v === "U" || u.v === "O" || u.v === "U" || next?.l === "ו";
    const yodNear =
      prev?.l === "י" || prev?.v === "I" || prev?.v === "eY" || u.v === "I" || u.v === "eY" || next?.l === "י";
    const fullVowel = u.v !== "" && !SHVAS.has(u.v);
    // The letter ends the word only when no vowel letter follows it (תַּלְוִי: the vav is inside, תלווי).
    const lastLetter = last && !["O", "U", "I", "eY"].includes(u.v);
    if (u.l === "ו" && i > 0 && !lastLetter && !vavNear && (fullVowel || SHVAS.has(u.v))) s = "וו";
    // A consonantal yod doubles, with a vowel or a vocal shva (מתעניינים), not as the glide of a diphthong (לַיְלָה).
    const yodSaid = fullVowel || u.forte || u.v === ";" || u.v === ",";
    if (u.l === "י" && i > 0 && !lastLetter && !yodNear && yodSaid) s = "יי";
    if (u.v === "o" && !(next?.l === "א" && next.v === "" && i + 1 < us.length - 1)) s += "ו";
    else if (u.v === "u" || u.v === "O" || u.v === "U") s += "ו";
    else if (u.v === "I" || u.v === "eY") s += "י";
    // A tsere that replaced a hirik before a guttural keeps its yod even before a shva (בירכה, like בירך).
    else if (u.v === "E" && u.keepYod && next) s += "י";
    else if (u.v === "i" && !u.noYod && next) {
      // Closed before a shva (כִּתְבִי, כתבי), open before a doubled letter (דִּבְּרָה, דיברה).
      const closed =
        (SHVAS.has(next.v) && !next.forte) || (next.v === "" && us.indexOf(next) === us.length - 1) || next.l === "י";
      if (!closed) s += "י";
    }
    out += s;
  });
  return out;
}

/** A word-initial shva Israelis always say: on ו י ל מ נ ר, or before א ה ע or the same letter. */
function initialShvaSaid(us: Unit[]): boolean {
  const [first, second] = us;
  if (!first || !second) return true;
  // Before ח too: sche-, kchi- are hard to say, Israelis say se-CHE.
  return "וילמנר".includes(first.l) || "אהחע".includes(second.l) || base(second.l) === base(first.l);
}

/** Is a vocal shva inside the word said (decision 0092)? After a closed syllable, or before the same letter. */
function midShvaSaid(us: Unit[], i: number): boolean {
  const u = us[i] as Unit;
  const prev = us[i - 1];
  const next = us[i + 1];
  if (next && base(next.l) === base(u.l)) return true;
  // A closed syllable before it: a silent shva, or a bare consonant that is not a quiescent א ה ו י.
  return !!prev && (prev.v === ":" || (prev.v === "" && !"אהוי".includes(prev.l)));
}

function consonant(u: Unit, i: number, us: Unit[]): string {
  const said = u.v !== "" && u.v !== ":" && u.v !== ",";
  switch (u.l) {
    case "א":
    case "ע":
      return said && i > 0 ? "'" : "";
    case "ה":
      return said || u.v === ":" ? "h" : i === us.length - 1 ? "" : "h";
    case "ו":
      return "v";
    case "י":
      return "y";
    default:
      return fixedConsonant(u.l, u.dagesh ?? false, u.sin) ?? "";
  }
}

/** The transliteration: syllables split between consonants, the stressed one in capitals. */
function transliterate(us: Unit[]): string {
  type Item = { c?: string; v?: string; stress?: boolean };
  const items: Item[] = [];
  let stressAt = -1;
  us.forEach((u, i) => {
    const c = consonant(u, i, us);
    let v = SOUND[u.v] ?? "";
    if (u.v === "~") v = initialShvaSaid(us) ? "e" : "";
    // A vocal shva inside the word (decision 0092): said only after a closed syllable (tich-te-VI, nich-te-VA) or
    // between two identical letters (me-cha-me-MIM); after a vowel Israelis do not say it (kat-VA, chib-KA).
    if (i > 0 && (u.v === ";" || u.v === ",")) v = midShvaSaid(us, i) ? "e" : "";
    if (u.furtive) {
      items.push({ v: "a" });
      if (c) items.push({ c });
      return;
    }
    // א and ע are a glottal stop between vowels (ma-'a-CHIL), silent after a consonant (yish-AL, mit-a-MEN).
    // (An empty consonant keeps the syllable break: yish-AL.)
    if (c === "'" && !items[items.length - 1]?.v) items.push({ c: "" });
    else if (c) items.push({ c });
    if (v) {
      items.push({ v, stress: u.stress });
      if (u.stress) stressAt = items.length - 1;
    }
  });
  const nuclei = items.map((it, i) => (it.v ? i : -1)).filter((i) => i >= 0);
  if (stressAt < 0) {
    // The last syllable, unless it is a furtive patah's (po-TE-ach).
    const lastU = us[us.length - 1];
    stressAt = (lastU?.furtive ? nuclei[nuclei.length - 2] : nuclei[nuclei.length - 1]) ?? -1;
  }
  const syllables: { text: string; stressed: boolean }[] = nuclei.map((n) => ({
    text: items[n]?.v ?? "",
    stressed: n === stressAt,
  }));
  // Consonants before the first vowel open it, after the last close it; between two vowels one consonant opens
  // the next syllable, two or more split (the first closes the syllable before).
  nuclei.forEach((n, k) => {
    const from = k === 0 ? 0 : (nuclei[k - 1] ?? 0) + 1;
    const cons = items.slice(from, n).map((it) => it.c ?? "");
    const syl = syllables[k];
    const prevSyl = syllables[k - 1];
    if (!syl) return;
    if (k === 0 || cons.length <= 1) syl.text = cons.join("") + syl.text;
    else {
      if (prevSyl) prevSyl.text += cons[0];
      syl.text = cons.slice(1).join("") + syl.text;
    }
  });
  const lastN = nuclei[nuclei.length - 1] ?? 0;
  const tail = syllables[syllables.length - 1];
  if (tail)
    tail.text += items
      .slice(lastN + 1)
      .map((it) => it.c ?? "")
      .join("");
  // A doubled final consonant is said once: הֶחְלַטְתְּ is hech-LAT, not hech-LATT.
  return syllables
    .map((s) => (s.stressed ? s.text.toUpperCase() : s.text))
    .join("-")
    .replace(/([^aeiou'-])\1$/i, "$1");
}

export function render(template: string, spec: Pick<VerbSpec, "root" | "sin">, lengthenAll = false): Form {
  const root = spec.root.split("-");
  const us = parse(quad(template, root.length), root, !!spec.sin);
  phonology(us, lengthenAll);
  return { he: plain(us), nikkud: pointed(us), translit: transliterate(us) };
}

/**
 * Four-letter roots in pi'el, pu'al and hitpa'el: the doubled second letter of a three-letter template becomes
 * two letters (דִּבֵּר -> פִּרְסֵם): "2*V" -> "2: 3V", and 3 -> 4.
 */
function quad(template: string, n: number): string {
  if (n !== 4) return template;
  return template
    .split(/\s+/)
    .map((tok) => {
      if (tok.startsWith("3")) return `4${tok.slice(1)}`;
      const m = tok.match(/^2\*(.*)$/u);
      if (m) {
        const rest = m[1] ?? "";
        const v = rest.replace(/[\^!]/g, "");
        const flags = rest.replace(/^(eY|_a|_e|_o|[aAeEiIoOuU:;,~])/u, "");
        return `2: 3${v === "," ? ";" : v}${flags}`;
      }
      return tok;
    })
    .join(" ");
}

type Templates = Record<Cell, string | null>;

const isG = (l: string | undefined) => !!l && GUTTURALS.includes(base(l));

/** Pa'al (kal). */
function paal(spec: VerbSpec, r: string[]): Templates {
  const [c1, c2, c3] = r;
  // The future's stem vowel: o (יִכְתֹּב), a (יִלְמַד, and before a guttural), e (tsere: יִתֵּן).
  const V = spec.vowel === "e" ? "E" : (spec.vowel ?? (isG(c2) || isG(c3) ? "a" : "o"));
  const g1 = isG(c1);
  const hataf1 = g1 && (spec.guttural ?? (base(c1 ?? "") === "ח" ? "shva" : "hataf")) === "hataf";
  const g3 = c3 === "ח" || c3 === "ע";
  const cls = spec.class;
  // A last-letter alef (קָרָא, and יָצָא of the pe-yod-drop class) is quiescent in past and present.
  const la = cls === "lamed-alef" || (c3 === "א" && cls !== "hollow");
  const t: Partial<Templates> = {};
  // Present.
  if (cls === "hollow") {
    // The present feminine is stressed on its ending (קָמָה ka-MA), unlike the past (KA-ma).
    Object.assign(t, { "pres.ms": "1A 3", "pres.fs": "1A 3A ה", "pres.mp": "1A 3I ם", "pres.fp": "1A 3O ת" });
  } else if (cls === "lamed-he") {
    Object.assign(t, { "pres.ms": "1O 2e ה", "pres.fs": "1O 2A ה", "pres.mp": "1O 2I ם", "pres.fp": "1O 2O ת" });
  } else if (spec.stative) {
    Object.assign(t, {
      "pres.ms": "1A 2E 3",
      "pres.fs": "1~ 2E 3A ה",
      "pres.mp": "1~ 2E 3I ם",
      "pres.fp": "1~ 2E 3O ת",
    });
  } else {
    // The feminine is a segolate (כּוֹתֶבֶת, יוֹשֶׁבֶת): segol, segol; a patah before a last guttural (נוֹסַעַת).
    const fs = la ? "1O 2E 3 ת" : g3 ? "1O 2a^ 3a ת" : "1O 2e^ 3e ת";
    Object.assign(t, { "pres.ms": "1O 2E 3", "pres.fs": fs, "pres.mp": "1O 2, 3I ם", "pres.fp": "1O 2, 3O ת" });
  }
  // Past.
  if (cls === "hollow") {
    Object.assign(t, {
      "past.1s": "1a^ 3: תI",
      "past.2ms": "1a^ 3: תA",
      "past.2fs": "1a 3: ת:",
      "past.3ms": "1A 3",
      "past.3fs": "1A^ 3A ה",
      "past.1p": "1a^ 3: נU",
      "past.2mp": "1a 3: תe ם",
      "past.2fp": "1a 3: תe ן",
      "past.3p": "1A^ 3U",
    });
  } else if (cls === "lamed-he") {
    Object.assign(t, {
      "past.1s": "1A 2I^ תI",
      "past.2ms": "1A 2I^ תA",
      "past.2fs": "1A 2I ת",
      "past.3ms": "1A 2A ה",
      "past.3fs": "1A 2; תA ה",
      "past.1p": "1A 2I^ נU",
      "past.2mp": "1~ 2I תe ם",
      "past.2fp": "1~ 2I תe ן",
      "past.3p": "1A 2U",
    });
  } else if (la) {
    Object.assign(t, {
      "past.1s": "1A 2A^ 3 תI",
      "past.2ms": "1A 2A^ 3 תA",
      "past.2fs": "1A 2A 3 ת",
      "past.3ms": "1A 2A 3",
      "past.3fs": "1A 2; 3A ה",
      "past.1p": "1A 2A^ 3 נU",
      "past.2mp": "1~ 2A 3 תe ם",
      "past.2fp": "1~ 2A 3 תe ן",
      "past.3p": "1A 2; 3U",
    });
  } else {
    Object.assign(t, {
      "past.1s": "1A 2a^ 3: תI",
      "past.2ms": "1A 2a^ 3: תA",
      "past.2fs": g3 ? "1A 2a^ 3a ת*:" : "1A 2a 3: ת:",
      "past.3ms": "1A 2a 3",
      "past.3fs": "1A 2; 3A ה",
      "past.1p": "1A 2a^ 3: נU",
      "past.2mp": "1~ 2a 3: תe ם",
      "past.2fp": "1~ 2a 3: תe ן",
      "past.3p": "1A 2; 3U",
    });
  }
  // Future, imperative, infinitive: the prefix and stem by class.
  // stem(prefix vowel for the 1s, prefix vowel for the rest) -> the future templates.
  const fut = (P: (p: string) => string, ms: string, fs: string, mp: string, fp: string) => ({
    "fut.1s": P("א") + ms,
    "fut.2ms": P("ת") + ms,
    "fut.2fs": P("ת") + fs,
    "fut.3ms": P("י") + ms,
    "fut.3fs": P("ת") + ms,
    "fut.1p": P("נ") + ms,
    "fut.2mp": P("ת") + mp,
    "fut.2fp": P("ת") + fp,
    "fut.3mp": P("י") + mp,
    "fut.3fp": P("ת") + fp,
  });
  if (cls === "hollow") {
    const W = spec.vowel === "i" ? "I" : spec.vowel === "o" ? "O" : "U";
    Object.assign(
      t,
      // The feminine plural shortens the stem vowel: ָשִׂים to tsere (תָּשֵׂמְנָה), ָקוּם to holam (תָּקֹמְנָה).
      fut((p) => `${p}A `, `1${W} 3`, `1${W}^ 3I`, `1${W}^ 3U`, `1${W === "I" ? "E" : W === "U" ? "o" : W}^ 3: נA ה`),
      { "imp.ms": `1${W} 3`, "imp.fs": `1${W}^ 3I`, "imp.p": `1${W}^ 3U`, inf: `לA 1${W} 3` },
    );
  } else if (cls === "lamed-he") {
    // A first guttural takes hataf after a patah prefix (יַעֲשֶׂה) unless the verb says shva (יִהְיֶה).
    const g1h = g1 && spec.guttural !== "shva";
    const P = (p: string) => (p === "א" ? `אe ` : g1h ? `${p}a ` : `${p}i `);
    const C1 = g1h ? "1_a" : "1:";
    Object.assign(t, fut(P, `${C1} 2e ה`, `${C1} 2I`, `${C1} 2U`, `${C1} 2eY^ נA ה`), {
      "imp.ms": "1~ 2E ה",
      "imp.fs": "1~ 2I",
      "imp.p": "1~ 2U",
      inf: g1h ? "לa 1_a 2O ת" : "לi 1: 2O ת",
    });
    if (g1h) t["fut.1s"] = `אe 1_e 2e ה`;
  } else if (cls === "pe-nun") {
    Object.assign(
      t,
      fut((p) => (p === "א" ? "אe " : `${p}i `), `2*${V} 3`, "2*; 3I", "2*; 3U", `2*${V}^ 3: נA ה`),
      {
        "imp.ms": `2${V} 3`,
        "imp.fs": "2~ 3I",
        "imp.p": "2~ 3U",
        inf: `לi 1: 2${V === "a" ? "o" : V} 3`,
      },
    );
  } else if (cls === "pe-yod") {
    Object.assign(
      t,
      fut((p) => `${p}I `, `2${V} 3`, "2; 3I", "2; 3U", `2${V}^ 3: נA ה`),
      {
        "imp.ms": `1~ 2${V} 3`,
        "imp.fs": "1i 2, 3I",
        "imp.p": "1i 2, 3U",
        inf: "לI 2o 3",
      },
    );
  } else if (cls === "pe-yod-drop") {
    Object.assign(
      t,
      // A last guttural takes patah (יֵדַע, דַּע, לָדַעַת); a last alef is quiescent (יֵצֵא, לָצֵאת).
      fut(
        (p) => `${p}E `,
        g3 ? "2a 3" : "2E 3",
        "2; 3I",
        "2; 3U",
        // The feminine plural has patah (תֵּשַׁבְנָה, תֵּלַכְנָה as in Ruth 1:11).
        g3 || !la ? "2a^ 3: נA ה" : "2e^ 3 נA ה",
      ),
      {
        "imp.ms": g3 ? "2a 3" : "2E 3",
        "imp.fs": "2~ 3I",
        "imp.p": "2~ 3U",
        inf: g3 ? "לA 2a^ 3a ת" : la ? "לA 2E 3 ת" : "לA 2e^ 3e ת",
      },
    );
  } else if (cls === "pe-alef") {
    Object.assign(
      t,
      fut((p) => (p === "א" ? "אo " : `${p}o 1 `), `2${V} 3`, "2; 3I", "2; 3U", `2${V}^ 3: נA ה`),
      {
        "imp.ms": `1_e 2${V === "a" ? "o" : V} 3`,
        "imp.fs": "1i 2, 3I",
        "imp.p": "1i 2, 3U",
        inf: `לe 1_e 2o 3`,
      },
    );
  } else {
    // Regular, gutturals, lamed-alef.
    const la = cls === "lamed-alef";
    const stemV = la ? "A" : V;
    const P = (p: string) => (p === "א" ? "אe " : g1 ? `${p}a ` : `${p}i `);
    const C1 = hataf1 ? "1_a" : "1:";
    const C1of1s = hataf1 ? "1_e" : "1:";
    // תַּעַזְרִי: ta-'az-RI (the shva after the guttural's patah is not said; ב כ פ after it stay soft).
    // A guttural with a silent shva stays closed (תַּחְתְּמִי, tach-te-MI).
    const fs = hataf1 ? "1a 2, 3I" : "1: 2; 3I";
    const mp = hataf1 ? "1a 2, 3U" : "1: 2; 3U";
    const fp = la ? `${C1} 2e^ 3 נA ה` : `${C1} 2${stemV}^ 3: נA ה`;
    Object.assign(t, fut(P, `${C1} 2${stemV} 3`, fs, mp, fp));
    t["fut.1s"] = `אe ${C1of1s} 2${stemV} 3`;
    t["fut.2fp"] = `תa ${fp}`.replace(/^תa /, g1 ? "תa " : "תi ");
    t["fut.3fp"] = t["fut.2fp"];
    const impV = la ? "A" : V;
    Object.assign(t, {
      // A first alef takes segol: אֱסֹף, לֶאֱסֹף (other gutturals patah: עֲבֹד, לַעֲבֹד).
      "imp.ms": `${c1 === "א" ? "1_e" : g1 ? "1_a" : "1~"} 2${impV} 3`,
      "imp.fs": isG(c2) ? "1a 2_a 3I" : "1i 2, 3I",
      "imp.p": isG(c2) ? "1a 2_a 3U" : "1i 2, 3U",
      inf: c1 === "א" ? "לe 1_e 2o 3" : hataf1 ? "לa 1_a 2o 3" : g1 ? "לa 1: 2o 3" : "לi 1: 2o 3",
    });
  }
  return t as Templates;
}

/** Nif'al. */
function nifal(r: string[]): Templates {
  const g1 = isG(r[0]);
  const g3 = r[2] === "ח" || r[2] === "ע";
  const P = g1 ? (base(r[0] ?? "") === "ח" ? "נe 1:" : "נe 1_e") : "נi 1:";
  // Before a last guttural the tsere is patah: יֵרָגַע, לְהִשָּׁמַע.
  const fut = g3 ? "1*A 2a 3" : "1*A 2E 3";
  return {
    "pres.ms": `${P} 2A 3`,
    "pres.fs": g3 ? `${P} 2a^ 3a ת` : `${P} 2e^ 3e ת`,
    "pres.mp": `${P} 2A 3I ם`,
    "pres.fp": `${P} 2A 3O ת`,
    "past.1s": `${P} 2a^ 3: תI`,
    "past.2ms": `${P} 2a^ 3: תA`,
    "past.2fs": g3 ? `${P} 2a^ 3a ת*:` : `${P} 2a 3: ת:`,
    "past.3ms": `${P} 2a 3`,
    "past.3fs": g1 ? `נe 1e 2: 3A ה` : `${P} 2; 3A ה`,
    "past.1p": `${P} 2a^ 3: נU`,
    "past.2mp": `${P} 2a 3: תe ם`,
    "past.2fp": `${P} 2a 3: תe ן`,
    "past.3p": g1 ? `נe 1e 2: 3U` : `${P} 2; 3U`,
    "fut.1s": `אe ${fut}`,
    "fut.2ms": `תi ${fut}`,
    "fut.2fs": "תi 1*A 2, 3I",
    "fut.3ms": `יi ${fut}`,
    "fut.3fs": `תi ${fut}`,
    "fut.1p": `נi ${fut}`,
    "fut.2mp": "תi 1*A 2, 3U",
    "fut.2fp": `תi 1*A 2${g3 ? "a" : "a"}^ 3: נA ה`,
    "fut.3mp": "יi 1*A 2, 3U",
    "fut.3fp": `תi 1*A 2a^ 3: נA ה`,
    "imp.ms": `הi ${fut}`,
    "imp.fs": "הi 1*A 2, 3I",
    "imp.p": "הi 1*A 2, 3U",
    inf: `ל; הi ${fut}`,
  };
}

/** Pi'el, and hitpa'el (the same stem after הִתְ / מִתְ / יִתְ). */
function intensive(spec: VerbSpec, r: string[], hit: boolean): Templates {
  const lh = spec.class === "lamed-he";
  const g3 = r[r.length - 1] === "ח" || r[r.length - 1] === "ע";
  // Hitpa'el prefixes: ת changes place with a sibilant first letter (הִסְתַּדֵּר, הִשְׁתַּמֵּשׁ), becomes ט after
  // צ (הִצְטַלֵּם) and ד after ז (הִזְדַּקֵּן), and merges into ד ט ת (הִדַּבֵּר).
  const c1 = base(r[0] ?? "");
  const pre = (p: string, v: string): string => {
    if (!hit) return `${p}${v} `;
    if (c1 === "ס" || c1 === "ש") return `${p}${v} 1: ת`;
    if (c1 === "צ") return `${p}${v} 1: ט`;
    if (c1 === "ז") return `${p}${v} 1: ד`;
    if (c1 === "ד" || c1 === "ט" || c1 === "ת") return `${p}${v} 1*`;
    return `${p}${v} ת: 1`;
  };
  // The stem after the prefix: its first letter carries patah (דַבֵּר) unless the prefix already wrote it.
  const S = (p: string, pv: string, rest: string) => {
    const head = pre(p, pv);
    return head.endsWith(" ") ? `${head}1a ${rest}` : `${head}a ${rest}`;
  };
  const pres = (rest: string) => (hit ? S("מ", "i", rest) : `מ; 1a ${rest}`);
  const past = (rest: string, pielHead = "1i") => (hit ? S("ה", "i", rest) : `${pielHead} ${rest}`);
  const fut = (p: string, rest: string) =>
    hit ? S(p, p === "א" ? "e" : "i", rest) : p === "א" ? `א_a 1a ${rest}` : `${p}; 1a ${rest}`;
  const imp = (rest: string) => (hit ? S("ה", "i", rest) : `1a ${rest}`);
  const inf = (rest: string) => (hit ? `ל; ${S("ה", "i", rest)}` : `ל; 1a ${rest}`);
  if (lh)
    return {
      "pres.ms": pres("2*e ה"),
      "pres.fs": pres("2*A ה"),
      "pres.mp": pres("2*I ם"),
      "pres.fp": pres("2*O ת"),
      "past.1s": past("2*I^ תI"),
      "past.2ms": past("2*I^ תA"),
      "past.2fs": past("2*I ת"),
      "past.3ms": past("2*A ה"),
      "past.3fs": past("2*, תA ה"),
      "past.1p": past("2*I^ נU"),
      "past.2mp": past("2*I תe ם"),
      "past.2fp": past("2*I תe ן"),
      "past.3p": past("2*U"),
      "fut.1s": fut("א", "2*e ה"),
      "fut.2ms": fut("ת", "2*e ה"),
      "fut.2fs": fut("ת", "2*I"),
      "fut.3ms": fut("י", "2*e ה"),
      "fut.3fs": fut("ת", "2*e ה"),
      "fut.1p": fut("נ", "2*e ה"),
      "fut.2mp": fut("ת", "2*U"),
      "fut.2fp": fut("ת", "2*eY^ נA ה"),
      "fut.3mp": fut("י", "2*U"),
      "fut.3fp": fut("ת", "2*eY^ נA ה"),
      "imp.ms": imp("2*E ה"),
      "imp.fs": imp("2*I"),
      "imp.p": imp("2*U"),
      inf: inf("2*O ת"),
    };
  return {
    "pres.ms": pres("2*E 3"),
    "pres.fs": pres(g3 ? "2*a^ 3a ת" : "2*e^ 3e ת"),
    "pres.mp": pres("2*, 3I ם"),
    "pres.fp": pres("2*, 3O ת"),
    "past.1s": past("2*a^ 3: תI"),
    "past.2ms": past("2*a^ 3: תA"),
    "past.2fs": past(g3 ? "2*a^ 3a ת*:" : "2*a 3: ת:"),
    "past.3ms": past("2*E 3"),
    "past.3fs": past("2*, 3A ה"),
    "past.1p": past("2*a^ 3: נU"),
    "past.2mp": past("2*a 3: תe ם"),
    "past.2fp": past("2*a 3: תe ן"),
    "past.3p": past("2*, 3U"),
    "fut.1s": fut("א", "2*E 3"),
    "fut.2ms": fut("ת", "2*E 3"),
    "fut.2fs": fut("ת", "2*, 3I"),
    "fut.3ms": fut("י", "2*E 3"),
    "fut.3fs": fut("ת", "2*E 3"),
    "fut.1p": fut("נ", "2*E 3"),
    "fut.2mp": fut("ת", "2*, 3U"),
    "fut.2fp": fut("ת", g3 ? "2*a^ 3: נA ה" : "2*E^ 3: נA ה"),
    "fut.3mp": fut("י", "2*, 3U"),
    "fut.3fp": fut("ת", g3 ? "2*a^ 3: נA ה" : "2*E^ 3: נA ה"),
    "imp.ms": imp("2*E 3"),
    "imp.fs": imp("2*, 3I"),
    "imp.p": imp("2*, 3U"),
    inf: inf("2*E 3"),
  };
}

/** Hif'il. */
function hifil(spec: VerbSpec, r: string[]): Templates {
  const cls = spec.class;
  const g1 = isG(r[0]);
  const g3 = r[2] === "ח" || r[2] === "ע";
  // A last alef is quiescent (הִמְרֵאתִי, הוֹצֵאתִי), whatever the first letter's class.
  const la = cls === "lamed-alef" || (r[2] === "א" && cls !== "hollow");
  // The prefix + first letter, by class: past (הִזְ), elsewhere (מַזְ יַזְ הַזְ).
  let pastHead: string;
  let head: (p: string) => string;
  let stemI = "2I 3"; // the stem with hirik male (הִזְמִין)
  let stemE = "2E 3"; // with tsere (הַזְמֵן)
  let stemA = "2a"; // before a consonant suffix (הִזְמַנְתִּי)
  let fsStem = "2I^ 3"; // before a vowel suffix (הִזְמִינָה)
  let presStem: string | undefined; // the present before a suffix, when it is not stemI (מְגִנָּה)
  if (cls === "pe-yod") {
    pastHead = "הO ";
    head = (p) => `${p}O `;
  } else if (cls === "pe-nun") {
    pastHead = "הi! ";
    head = (p) => `${p}a `;
    stemI = "2*I 3";
    stemE = "2*E 3";
    stemA = "2*a";
    fsStem = "2*I^ 3";
  } else if (cls === "hollow" || cls === "geminate") {
    pastHead = "הE ";
    head = (p) => (p === "מ" ? "מE " : `${p}A `);
    // The middle letter is gone (ק-ו-ם) or written once (פ-ר-ר): the stem is the first and last letters.
    stemI = cls === "hollow" ? "1I 3" : "1E 3";
    stemE = "1E 3";
    stemA = "1a";
    fsStem = cls === "hollow" ? "1I^ 3" : "1E^ 3";
    // A geminate's written-once letter doubles before a vowel ending where it can take dagesh (ג-נ-ן: מְגִנָּה,
    // הֵגֵנָּה, תָּגֵנִּי, הָגֵנּוּ); a guttural or ר cannot (פ-ר-ר: מְפֵרָה, הֵפֵרָה, תָּפֵרִי).
    if (cls === "geminate" && !isG(r[2]) && base(r[2] ?? "") !== "ר") {
      fsStem = "1E^ 3*";
      presStem = "1i 3*";
    }
  } else if (g1) {
    const hataf = (spec.guttural ?? (base(r[0] ?? "") === "ח" ? "shva" : "hataf")) === "hataf";
    pastHead = hataf ? "הe 1_e " : "הe 1: ";
    head = (p) => (hataf ? `${p}a 1_a ` : `${p}a 1: `);
  } else {
    pastHead = "הi 1: ";
    head = (p) => `${p}a 1: `;
  }
  const consSuffix = (h: string, s: string, stressed = true) =>
    la ? `${h}2E${stressed ? "^" : ""} 3 ${s}` : `${h}${stemA}${stressed ? "^" : ""} 3: ${s}`;
  if (cls === "lamed-he") {
    return {
      "pres.ms": `${head("מ")}2e ה`,
      "pres.fs": `${head("מ")}2A ה`,
      "pres.mp": `${head("מ")}2I ם`,
      "pres.fp": `${head("מ")}2O ת`,
      "past.1s": `${pastHead}2I^ תI`,
      "past.2ms": `${pastHead}2I^ תA`,
      "past.2fs": `${pastHead}2I ת`,
      "past.3ms": `${pastHead}2A ה`,
      "past.3fs": `${pastHead}2; תA ה`,
      "past.1p": `${pastHead}2I^ נU`,
      "past.2mp": `${pastHead}2I תe ם`,
      "past.2fp": `${pastHead}2I תe ן`,
      "past.3p": `${pastHead}2U`,
      "fut.1s": `${head("א")}2e ה`,
      "fut.2ms": `${head("ת")}2e ה`,
      "fut.2fs": `${head("ת")}2I`,
      "fut.3ms": `${head("י")}2e ה`,
      "fut.3fs": `${head("ת")}2e ה`,
      "fut.1p": `${head("נ")}2e ה`,
      "fut.2mp": `${head("ת")}2U`,
      "fut.2fp": `${head("ת")}2eY^ נA ה`,
      "fut.3mp": `${head("י")}2U`,
      "fut.3fp": `${head("ת")}2eY^ נA ה`,
      "imp.ms": `${head("ה")}2E ה`,
      "imp.fs": `${head("ה")}2I`,
      "imp.p": `${head("ה")}2U`,
      inf: `ל; ${head("ה")}2O ת`,
    };
  }
  // Before a last guttural the tsere is patah (הַשְׁקַע, הַגַּע).
  const immE = g3 ? stemE.replace(/^([12]\*?)E/u, "$1a") : stemE;
  // Hollow and geminate present: מֵקִים, but מְקִימָה (the prefix's vowel reduces before a suffix).
  const presHead = cls === "hollow" || cls === "geminate" ? "מ; " : head("מ");
  const presRest = presStem ?? stemI;
  const fsRest = fsStem;
  return {
    "pres.ms": `${head("מ")}${stemI}`,
    "pres.fs": `${presHead}${presRest}A ה`,
    "pres.mp": `${presHead}${presRest}I ם`,
    "pres.fp": `${presHead}${presRest}O ת`,
    "past.1s": consSuffix(pastHead, "תI"),
    "past.2ms": consSuffix(pastHead, "תA"),
    "past.2fs": g3 ? `${pastHead}${stemA}^ 3a ת*:` : consSuffix(pastHead, la ? "ת" : "ת:", false),
    "past.3ms": `${pastHead}${stemI}`,
    "past.3fs": `${pastHead}${fsRest}A ה`,
    "past.1p": consSuffix(pastHead, "נU"),
    "past.2mp": consSuffix(pastHead, "תe ם", false),
    "past.2fp": consSuffix(pastHead, "תe ן", false),
    "past.3p": `${pastHead}${fsRest}U`,
    "fut.1s": `${head("א")}${stemI}`,
    "fut.2ms": `${head("ת")}${stemI}`,
    "fut.2fs": `${head("ת")}${fsRest}I`,
    "fut.3ms": `${head("י")}${stemI}`,
    "fut.3fs": `${head("ת")}${stemI}`,
    "fut.1p": `${head("נ")}${stemI}`,
    "fut.2mp": `${head("ת")}${fsRest}U`,
    "fut.2fp": la ? `${head("ת")}2e^ 3 נA ה` : `${head("ת")}${immE.replace(/([12][*]?[aE])/u, "$1^")}: נA ה`,
    "fut.3mp": `${head("י")}${fsRest}U`,
    "fut.3fp": la ? `${head("ת")}2e^ 3 נA ה` : `${head("ת")}${immE.replace(/([12][*]?[aE])/u, "$1^")}: נA ה`,
    "imp.ms": `${head("ה")}${immE}`,
    "imp.fs": `${head("ה")}${fsRest}I`,
    "imp.p": `${head("ה")}${fsRest}U`,
    inf: `ל; ${head("ה")}${stemI}`,
  };
}

/**
 * The whole table of a verb: generated cells, then its overrides; the literary cells behind their spoken form
 * (SPOKEN_FOR, `imperative`); then, for a suppletive verb, the tenses taken from another verb (`specOf` finds
 * it; without it, or for a verb it does not know, the verb's own cells stay).
 */
export function conjugate(spec: VerbSpec, specOf?: (verb: string) => VerbSpec | undefined): Table {
  const r = spec.root.split("-").map(base);
  let t: Templates;
  switch (spec.binyan) {
    case "paal":
      t = paal(spec, r);
      break;
    case "nifal":
      t = nifal(r);
      break;
    case "piel":
      t = intensive(spec, r, false);
      break;
    case "hitpael":
      t = intensive(spec, r, true);
      break;
    case "hifil":
      t = hifil(spec, r);
      break;
    default:
      throw new Error(`${spec.verb}: the generator does not conjugate ${spec.binyan} yet`);
  }
  const table: Table = {};
  for (const cell of CELLS) {
    if (spec.absent?.[cell]) continue;
    const o = spec.overrides?.[cell];
    if (o) {
      table[cell] = { he: o.he, nikkud: o.nikkud.normalize("NFC"), translit: o.translit };
      continue;
    }
    const tpl = t[cell];
    if (!tpl) continue;
    table[cell] = render(tpl, spec, spec.binyan === "nifal");
  }
  const spoken = (cell: Cell, from: Cell) => {
    const written = table[cell];
    const said = table[from];
    if (!written || !said || said.he === written.he) return;
    table[cell] = { he: said.he, nikkud: said.nikkud, translit: said.translit, literary: written };
  };
  for (const [cell, from] of Object.entries(SPOKEN_FOR) as [Cell, Cell][]) spoken(cell, from);
  if (spec.imperative === "future")
    for (const [cell, from] of Object.entries(IMPERATIVE_FROM_FUTURE) as [Cell, Cell][]) spoken(cell, from);
  for (const [part, verb] of Object.entries(spec.suppletive ?? {})) {
    const source = verb === spec.verb ? undefined : specOf?.(verb);
    if (!source) continue;
    const other = conjugate({ ...source, suppletive: undefined });
    for (const cell of CELLS) {
      if (cell.split(".")[0] !== part) continue;
      const f = other[cell];
      if (f) table[cell] = { ...f, root: source.root };
      else delete table[cell];
    }
  }
  return table;
}

/** The plain letters of a pointed form (for checks): what stripping the marks gives. */
export const letters = (f: Form) => stripNikkud(f.nikkud);
