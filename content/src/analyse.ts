// The checks that need external tools (hspell, hunspell, sox), shared by check.ts and report.ts.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import {
  type AudioItem,
  audioItems,
  audioPath,
  audioVerdict,
  readManifest,
  type SoxStat,
  sha1,
  soxStats,
} from "./audio-files.ts";
import { readLists, type SentenceCoverage, sentenceCoverage } from "./frequency.ts";
import {
  allowlisted,
  describeReadings,
  hebrewTokens,
  hspellAvailable,
  type PosVerdict,
  posVerdict,
  type Reading,
  runHspell,
} from "./hspell.ts";
import { DICTIONARIES, installedDictionaries, runHunspell } from "./hunspell.ts";
import { type Content, type ContentWord, type Issue, textsOf } from "./load.ts";
import { LANGS, type Lang } from "./schema.ts";

// ---------------------------------------------------------------- hspell

export type HebrewReport = {
  available: boolean;
  /** Distinct plain words in entries and examples, and how many hspell knows. */
  tokens: number;
  recognised: number;
  /** Entries whose every word hspell knows (or the allowlist explains). */
  entries: number;
  entriesRecognised: number;
  /** Single-word nouns, verbs, adjectives and adverbs: checked, and agreeing with hspell. */
  posChecked: number;
  posAgrees: number;
  posByPos: Record<string, { checked: number; agrees: number }>;
  /** Words of tier-N example sentences taught at tier <= N (a report, not a gate). */
  sentences: SentenceCoverage[];
  errors: Issue[];
  warnings: Issue[];
};

export function checkHebrew(c: Content, dir: string): HebrewReport {
  const report: HebrewReport = {
    available: hspellAvailable(),
    tokens: 0,
    recognised: 0,
    entries: 0,
    entriesRecognised: 0,
    posChecked: 0,
    posAgrees: 0,
    posByPos: {},
    sentences: [],
    errors: [],
    warnings: [],
  };
  if (!report.available) return report;
  const words: { file: string; w: ContentWord }[] = c.modules.flatMap((m) =>
    m.words.map((w) => ({ file: c.moduleFiles[m.id] ?? `modules/${m.id}`, w })),
  );
  const all = new Set<string>();
  for (const { w } of words) for (const t of [...hebrewTokens(w.he), ...hebrewTokens(w.example.he)]) all.add(t);
  const hs = runHspell(all, dir);
  const { known } = hs;
  report.sentences = sentenceCoverage(c, hs, readLists(join(dir, "frequency.json")).keep);
  const allow = c.allowlist.hspell;
  const isKnown = (t: string) => known.has(t);
  report.tokens = all.size;
  report.recognised = [...all].filter(isKnown).length;
  const usedAllow = new Set<string>();
  for (const { file, w } of words) {
    const entryTokens = hebrewTokens(w.he);
    const missing = (tokens: string[]) => tokens.filter((t) => !isKnown(t) && !allowlisted(t, allow));
    for (const t of [...entryTokens, ...hebrewTokens(w.example.he)]) {
      const a = isKnown(t) ? undefined : allowlisted(t, allow);
      if (a) usedAllow.add(a);
    }
    report.entries++;
    const m1 = missing(entryTokens);
    if (!m1.length) report.entriesRecognised++;
    for (const t of m1)
      report.errors.push({ file, id: w.id, message: `${w.he}: hspell does not know '${t}' (fix it, or allowlist it)` });
    for (const t of new Set(missing(hebrewTokens(w.example.he))))
      report.errors.push({
        file,
        id: w.id,
        message: `${w.he}: hspell does not know '${t}' in the example '${w.example.he}'`,
      });

    const readings: Reading[] | undefined = known.get(entryTokens[0] ?? "");
    const verdict: PosVerdict = posVerdict(w, readings);
    if (verdict === "not-checked") continue;
    report.posChecked++;
    const by = report.posByPos[w.pos] ?? { checked: 0, agrees: 0 };
    report.posByPos[w.pos] = by;
    by.checked++;
    if (verdict === "agrees") {
      report.posAgrees++;
      by.agrees++;
    } else if (!(String(w.id) in c.allowlist.pos)) {
      report.errors.push({
        file,
        id: w.id,
        message: `${w.he}: the entry says ${w.pos}${w.tense ? ` (${w.tense})` : ""}, hspell reads ${describeReadings(readings)}`,
      });
    }
  }
  for (const t of Object.keys(allow))
    if (!usedAllow.has(t))
      report.warnings.push({ file: "allowlist.json", message: `hspell: '${t}' is not needed (unused or now known)` });
  return report;
}

// ---------------------------------------------------------------- hunspell

export type SpellingReport = {
  languages: Lang[];
  missing: Lang[];
  texts: number;
  /** Misspelled words (not allowlisted), per language. */
  flags: Record<string, number>;
  allowlisted: number;
  errors: Issue[];
  warnings: Issue[];
};

const trimWord = (w: string) => w.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, "");

export async function checkSpelling(c: Content): Promise<SpellingReport> {
  const installed = installedDictionaries();
  const languages = LANGS.filter((l) => installed.has(DICTIONARIES[l]));
  const report: SpellingReport = {
    languages,
    missing: LANGS.filter((l) => !languages.includes(l)),
    texts: 0,
    flags: {},
    allowlisted: 0,
    errors: [],
    warnings: [],
  };
  const items: { file: string; id?: number; lang: Lang; text: string }[] = [];
  for (const m of c.modules) {
    const file = c.moduleFiles[m.id] ?? `modules/${m.id}`;
    for (const lang of languages) for (const t of textsOf(m, lang)) items.push({ file, lang, ...t });
  }
  for (const [root, meaning] of c.roots)
    for (const lang of languages) items.push({ file: c.rootFiles[root] ?? "roots", lang, text: meaning[lang] });
  report.texts = items.length;
  const usedAllow = new Set<string>();
  await Promise.all(
    languages.map(async (lang) => {
      const mine = items.filter((i) => i.lang === lang);
      const allow = { ...(c.allowlist.hunspell["*"] ?? {}), ...(c.allowlist.hunspell[lang] ?? {}) };
      const flagged = await runHunspell(
        DICTIONARIES[lang],
        mine.map((i) => i.text),
      );
      report.flags[lang] = 0;
      mine.forEach((item, n) => {
        for (const raw of new Set(flagged[n] ?? [])) {
          const word = trimWord(raw);
          if (!word || /^\d+$/.test(word)) continue;
          if (word in allow || word.toLowerCase() in allow) {
            report.allowlisted++;
            usedAllow.add(`${lang}:${word in allow ? word : word.toLowerCase()}`);
            continue;
          }
          report.flags[lang] = (report.flags[lang] ?? 0) + 1;
          report.errors.push({
            file: item.file,
            ...(item.id ? { id: item.id } : {}),
            message: `${lang}: hunspell (${DICTIONARIES[lang]}) flags '${word}' in "${item.text}"`,
          });
        }
      });
    }),
  );
  for (const [lang, words] of Object.entries(c.allowlist.hunspell))
    for (const w of Object.keys(words ?? {}))
      if (lang !== "*" && languages.includes(lang as Lang) && !usedAllow.has(`${lang}:${w}`))
        report.warnings.push({ file: "allowlist.json", message: `hunspell ${lang}: '${w}' is not needed` });
  return report;
}

// ---------------------------------------------------------------- audio

export type AudioReport = {
  soxAvailable: boolean;
  expected: Record<string, number>;
  present: Record<string, number>;
  good: Record<string, number>;
  /** Files measured with sox in this run (the others matched the manifest's sha1). */
  measured: number;
  errors: Issue[];
  warnings: Issue[];
};

export function soxAvailable(): boolean {
  try {
    execFileSync("sox", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const FILE_OF: Record<AudioItem["kind"], (c: Content, id: number) => string> = {
  words: (c, id) => c.moduleFiles[Math.floor(id / 1000)] ?? "modules",
  letters: () => "beginner/letters.json",
  "letter-vowel": () => "beginner/letter-vowel.json",
};

/**
 * Every item has its file, made from its current transliteration, longer than 0.3 s and not silent. Files whose
 * sha1 matches the manifest keep the measurement recorded there; the others (or all, with `remeasure`) go to sox.
 */
export async function checkAudio(c: Content, dir: string, opts: { remeasure?: boolean } = {}): Promise<AudioReport> {
  const items = audioItems(c);
  const manifest = readManifest(dir);
  const report: AudioReport = {
    soxAvailable: soxAvailable(),
    expected: {},
    present: {},
    good: {},
    measured: 0,
    errors: [],
    warnings: [],
  };
  const present: AudioItem[] = [];
  for (const item of items) {
    report.expected[item.kind] = (report.expected[item.kind] ?? 0) + 1;
    const file = FILE_OF[item.kind](c, item.id);
    const path = audioPath(dir, item.kind, item.id);
    if (!existsSync(path)) {
      report.errors.push({
        file,
        id: item.id,
        message: `${item.label}: no audio ${item.kind}/${item.id}.mp3 (npm run audio -w content)`,
      });
      continue;
    }
    report.present[item.kind] = (report.present[item.kind] ?? 0) + 1;
    const made = manifest[`${item.kind}/${item.id}`]?.phonemes;
    if (made !== undefined && made !== item.phonemes)
      report.errors.push({
        file,
        id: item.id,
        message: `${item.label}: audio was made from ${made}, the transliteration '${item.translit}' now says ${item.phonemes} (npm run audio -w content)`,
      });
    present.push(item);
  }
  const expectedNames = new Set(items.map((i) => `${i.kind}/${i.id}.mp3`));
  for (const kind of ["words", "letters", "letter-vowel"] as const) {
    const d = join(dir, "audio", kind);
    if (!existsSync(d)) continue;
    for (const f of readdirSync(d))
      if (f.endsWith(".mp3") && !expectedNames.has(`${kind}/${f}`))
        report.warnings.push({ file: `audio/${kind}/${f}`, message: "no item uses this file" });
  }

  const stats = new Map<AudioItem, SoxStat | undefined>();
  const toMeasure: AudioItem[] = [];
  for (const item of present) {
    const entry = manifest[`${item.kind}/${item.id}`];
    if (!opts.remeasure && entry && entry.sha1 === sha1(audioPath(dir, item.kind, item.id))) stats.set(item, entry);
    else toMeasure.push(item);
  }
  if (toMeasure.length && report.soxAvailable) {
    const measured = await soxStats(toMeasure.map((i) => audioPath(dir, i.kind, i.id)));
    for (const item of toMeasure) stats.set(item, measured.get(audioPath(dir, item.kind, item.id)));
    report.measured = toMeasure.length;
  }
  for (const item of present) {
    if (!stats.has(item)) {
      report.good[item.kind] = (report.good[item.kind] ?? 0) + 1; // no sox: presence only
      continue;
    }
    const verdict = audioVerdict(stats.get(item));
    if (verdict)
      report.errors.push({
        file: FILE_OF[item.kind](c, item.id),
        id: item.id,
        message: `${item.label}: audio ${item.kind}/${item.id}.mp3 is ${verdict}`,
      });
    else report.good[item.kind] = (report.good[item.kind] ?? 0) + 1;
  }
  return report;
}
