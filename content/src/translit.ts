// Transliteration (FORMAT.md): syllables joined by '-', the stressed syllable in capitals, words separated by
// spaces ("bo-KER TOV"). Parsing, the authoring rules, and the espeak-ng phonemes the audio is made from.

export type Syllable = { text: string; stressed: boolean };
export type TranslitWord = Syllable[];

/** Consonants and vowels of the format, longest first (the tokenizer is greedy). */
const SOUNDS: readonly (readonly [string, string])[] = [
  ["tsh", "tS"],
  ["sh", "S"],
  ["ch", "X"],
  ["tz", "ts"],
  ["zh", "Z"],
  ["b", "b"],
  ["v", "v"],
  ["g", "g"],
  ["d", "d"],
  ["h", "h"],
  ["z", "z"],
  ["t", "t"],
  ["y", "j"],
  ["k", "k"],
  ["l", "l"],
  ["m", "m"],
  ["n", "n"],
  ["s", "s"],
  ["p", "p"],
  ["f", "f"],
  ["r", 'Q"'],
  ["j", "dZ"],
  ["w", "w"],
  ["'", "?"],
  ["a", "a"],
  ["e", "e"],
  ["i", "i"],
  ["o", "o"],
  ["u", "u"],
];
const VOWELS = new Set(["a", "e", "i", "o", "u"]);

/** Splits a syllable into the format's sounds ("shu" -> sh, u); unknown letters come back as errors. */
export function tokenize(syllable: string): { sounds: string[]; unknown: string[] } {
  const s = syllable.toLowerCase();
  const sounds: string[] = [];
  const unknown: string[] = [];
  let i = 0;
  while (i < s.length) {
    const hit = SOUNDS.find(([latin]) => s.startsWith(latin, i));
    if (hit) {
      sounds.push(hit[0]);
      i += hit[0].length;
    } else {
      unknown.push(s[i] ?? "");
      i++;
    }
  }
  return { sounds, unknown };
}

const isStressed = (s: string) => /[A-Z]/.test(s) && s === s.toUpperCase();

export function parseTranslit(translit: string): TranslitWord[] {
  return translit
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((w) => w.split("-").map((text) => ({ text, stressed: isStressed(text) })));
}

/**
 * The authoring rules for a word's transliteration: each word has exactly one stressed (capital) syllable, no
 * syllable mixes cases, every syllable has a vowel, and only the format's letters are used.
 */
export function translitProblems(translit: string, opts: { stress?: boolean } = {}): string[] {
  const stress = opts.stress ?? true;
  const problems: string[] = [];
  if (translit !== translit.trim() || /\s{2}/.test(translit)) problems.push("extra spaces");
  for (const word of parseTranslit(translit)) {
    const shown = word.map((s) => s.text).join("-");
    if (word.some((s) => s.text === "")) problems.push(`empty syllable in '${shown}'`);
    const mixed = word.filter((s) => s.text !== s.text.toUpperCase() && s.text !== s.text.toLowerCase());
    if (mixed.length) problems.push(`mixed-case syllable ${mixed.map((s) => `'${s.text}'`).join(", ")}`);
    const stressed = word.filter((s) => s.stressed).length;
    if (stress && stressed !== 1 && !mixed.length)
      problems.push(`'${shown}' needs exactly one stressed (CAPITAL) syllable, has ${stressed}`);
    for (const s of word) {
      if (s.text === "") continue;
      const { sounds, unknown } = tokenize(s.text);
      if (unknown.length) problems.push(`'${s.text}' has letters outside the format: ${unknown.join(" ")}`);
      else if (!sounds.some((x) => VOWELS.has(x))) problems.push(`syllable '${s.text}' has no vowel`);
    }
  }
  return problems;
}

function phonemes(syllable: string): string {
  const { sounds } = tokenize(syllable);
  let out = "";
  let prev = "";
  for (const s of sounds) {
    // A diphthong: "LAI-la", "bei-TZA": i after a vowel in the same syllable is a glide.
    if (s === "i" && VOWELS.has(prev)) out += "j";
    else out += SOUNDS.find(([latin]) => latin === s)?.[1] ?? "";
    prev = s;
  }
  return out;
}

/**
 * espeak-ng phoneme input for a transliteration: "sha-LOM" -> "[[Sa'lom]]", stress mark before the stressed
 * syllable. A syllable without a vowel (a letter with shva in the grid) gets a short schwa so it is audible.
 */
export function toEspeak(translit: string): string {
  const words = parseTranslit(translit).map((word) => {
    const single = word.length === 1;
    return word
      .map((s) => {
        let p = phonemes(s.text);
        if (!tokenize(s.text).sounds.some((x) => VOWELS.has(x))) p += "@";
        return (s.stressed || single ? "'" : "") + p;
      })
      .join("");
  });
  return `[[${words.join(" ")}]]`;
}
