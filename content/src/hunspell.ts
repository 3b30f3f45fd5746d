// hunspell spelling of the translations. Runs `hunspell -l` (list the misspelled words) once per language over
// every text, then finds which texts hold each flagged word. (`hunspell -a` answers line by line but computes
// suggestions for every misspelling, ten times slower.)
import { execFile, spawnSync } from "node:child_process";
import type { Lang } from "./schema.ts";

/** The dictionary used for each interface language. */
export const DICTIONARIES: Record<Lang, string> = {
  en: "en_US",
  fr: "fr_FR",
  es: "es_ES",
  ru: "ru_RU",
  uk: "uk_UA",
  ar: "ar",
};

/** Dictionaries hunspell can find (`hunspell -D` lists them on stderr). */
export function installedDictionaries(): Set<string> {
  const run = spawnSync("hunspell", ["-D"], { input: "", encoding: "utf8" });
  if (run.error) return new Set();
  return parseDictionaryList(`${run.stdout}\n${run.stderr}`);
}

export function parseDictionaryList(text: string): Set<string> {
  const found = new Set<string>();
  let listing = false;
  for (const line of text.split("\n")) {
    if (/^AVAILABLE DICTIONARIES/.test(line)) listing = true;
    else if (/^[A-Z ]+:/.test(line)) listing = false;
    else if (listing && line.trim()) found.add(line.trim().split("/").pop() ?? "");
  }
  return found;
}

const LETTER = "[\\p{L}\\p{M}]";

/** A finder for the flagged words a text holds as whole words (hunspell may keep punctuation: "tablle."). */
export function flaggedFinder(flagged: Iterable<string>): (text: string) => string[] {
  const patterns = [...flagged].flatMap((raw) => {
    const word = raw.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, "");
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return word ? [{ word, re: new RegExp(`(?<!${LETTER})${escaped}(?!${LETTER})`, "u") }] : [];
  });
  return (text) => patterns.filter((p) => text.includes(p.word) && p.re.test(text)).map((p) => p.word);
}

/** The misspelled words of each text, in the given dictionary. */
export function runHunspell(dictionary: string, texts: readonly string[]): Promise<string[][]> {
  const input = `${texts.map((t) => t.replace(/[\r\n]+/g, " ")).join("\n")}\n`;
  return new Promise((resolve, reject) => {
    const child = execFile(
      "hunspell",
      ["-l", "-i", "utf-8", "-d", dictionary],
      { maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
      (error, stdout) => {
        if (error) return reject(error);
        const find = flaggedFinder(new Set(stdout.split("\n").filter((w) => w.trim())));
        resolve(texts.map(find));
      },
    );
    child.stdin?.end(input);
  });
}
