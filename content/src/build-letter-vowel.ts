// Builds content/beginner/letter-vowel.json, the letter + vowel grid, from letters.json and nikkud.json.
// The committed JSON is the source of truth; rerun this only to rebuild the grid from scratch:
//   npx tsx content/src/build-letter-vowel.ts
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { letter, nikkud } from "./schema.ts";

const DAGESH = "\u05BC";
const SHIN_DOT = "\u05C1";
/** Holam on a consonantal vav (vo), so it is not read as holam male (o). */
const HOLAM_HASER_FOR_VAV = "\u05BA";
const HOLAM = "\u05B9";

/** The sound of each letter at the start of a syllable, as in the grid: ב with dagesh (b), ש with the shin dot. */
export const CONSONANT: Readonly<Record<string, { text: string; translit: string }>> = {
  א: { text: "א", translit: "" },
  ב: { text: `ב${DAGESH}`, translit: "b" },
  ג: { text: "ג", translit: "g" },
  ד: { text: "ד", translit: "d" },
  ה: { text: "ה", translit: "h" },
  ו: { text: "ו", translit: "v" },
  ז: { text: "ז", translit: "z" },
  ח: { text: "ח", translit: "ch" },
  ט: { text: "ט", translit: "t" },
  י: { text: "י", translit: "y" },
  כ: { text: `כ${DAGESH}`, translit: "k" },
  ל: { text: "ל", translit: "l" },
  מ: { text: "מ", translit: "m" },
  נ: { text: "נ", translit: "n" },
  ס: { text: "ס", translit: "s" },
  ע: { text: "ע", translit: "" },
  פ: { text: `פ${DAGESH}`, translit: "p" },
  צ: { text: "צ", translit: "tz" },
  ק: { text: "ק", translit: "k" },
  ר: { text: "ר", translit: "r" },
  ש: { text: `ש${SHIN_DOT}`, translit: "sh" },
  ת: { text: "ת", translit: "t" },
};

/**
 * A letter's second form (decision 0016): ב כ פ without the dagesh (v, ch, f) and ש with the sin dot (s). Its
 * combinations take the ids letter id × 100 + 50 + nikkud id (nikkud ids stay <= 20, so the two never meet).
 */
export const SECOND_FORM: Readonly<Record<string, { text: string; translit: string }>> = {
  ב: { text: "ב", translit: "v" },
  כ: { text: "כ", translit: "ch" },
  פ: { text: "פ", translit: "f" },
  ש: { text: "ש\u05C2", translit: "s" },
};
export const SECOND_FORM_OFFSET = 50;

/**
 * Vowels in the grid: kamatz … shva, holam male and hirik male for every letter (and its second form); the
 * hataf vowels for the guttural letters.
 */
const GRID = [1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 14];
const GUTTURAL_EXTRA = [10, 11, 12];
const GUTTURALS = new Set(["א", "ה", "ח", "ע"]);

export type GridCell = { id: number; letterId: number; nikkudId: number; text: string; translit: string };

export function buildGrid(
  letters: readonly { id: number; letter: string; final: boolean }[],
  marks: readonly { id: number; mark: string; sound: string }[],
): GridCell[] {
  const cells: GridCell[] = [];
  const add = (
    l: { id: number; letter: string },
    c: { text: string; translit: string },
    ids: number[],
    offset: number,
  ) => {
    for (const nid of ids) {
      const n = marks.find((m) => m.id === nid);
      if (!n) throw new Error(`no nikkud ${nid}`);
      let text: string;
      if (n.mark.startsWith("ו")) text = c.text + n.mark;
      else if (l.letter === "ו" && n.mark === HOLAM) text = c.text + HOLAM_HASER_FOR_VAV;
      else text = c.text + n.mark;
      // A letter with shva alone is silent; the glottal stop keeps silent letters visible in the translit.
      const translit = c.translit + n.sound || "'";
      const id = l.id * 100 + offset + nid;
      cells.push({ id, letterId: l.id, nikkudId: nid, text: text.normalize("NFC"), translit });
    }
  };
  for (const l of letters) {
    if (l.final) continue;
    const c = CONSONANT[l.letter];
    if (!c) throw new Error(`no consonant for ${l.letter}`);
    add(l, c, GUTTURALS.has(l.letter) ? [...GRID, ...GUTTURAL_EXTRA] : GRID, 0);
    const second = SECOND_FORM[l.letter];
    if (second) add(l, second, GRID, SECOND_FORM_OFFSET);
  }
  return cells.sort((a, b) => a.id - b.id);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = join(import.meta.dirname, "..", "beginner");
  const letters = letter.array().parse(JSON.parse(readFileSync(join(dir, "letters.json"), "utf8")));
  const marks = nikkud.array().parse(JSON.parse(readFileSync(join(dir, "nikkud.json"), "utf8")));
  const cells = buildGrid(letters, marks);
  const body = cells.map((c) => `  ${JSON.stringify(c)}`).join(",\n");
  writeFileSync(join(dir, "letter-vowel.json"), `[\n${body}\n]\n`);
  console.log(`letter-vowel.json: ${cells.length} combinations`);
}
