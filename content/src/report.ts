// npm run content:report — what the content holds: counts per tier, module, part of speech and tense, hspell
// recognition and part-of-speech agreement, hunspell flags per language, audio coverage. `--json` prints the
// figures as JSON. Informational: the exit code is 0 even when the checker would fail.

import { join } from "node:path";
import { checkAudio, checkHebrew, checkSpelling } from "./analyse.ts";
import { checklistCoverage, readChecklist } from "./checklist.ts";
import {
  FREQUENCY_FILE,
  formatLemma,
  frequencyReport,
  readFrequencyList,
  readLists,
  TOP_VERBS,
  TOPS,
} from "./frequency.ts";
import { gapCounts } from "./gates.ts";
import { CONTENT_DIR, loadContent } from "./load.ts";
import { POS, TENSES } from "./schema.ts";
import { checkVerbForms } from "./verb-check.ts";

const dir = process.env.CONTENT_DIR ?? CONTENT_DIR;
const c = loadContent(dir);
const [spelling, audio] = await Promise.all([checkSpelling(c), checkAudio(c, dir)]);
const hebrew = checkHebrew(c, dir);

const freqForms = readFrequencyList();
const freq = freqForms ? frequencyReport(c, freqForms, readLists(), { missing: 25, cwd: dir }) : undefined;

const checklist = readChecklist(join(dir, "checklists", "a1.json")).list;
const a1 = checklist ? checklistCoverage(c, checklist) : undefined;

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");
const words = c.modules.flatMap((m) => m.words.map((w) => ({ ...w, tier: m.tier, module: m.id })));

const tiers = [1, 2, 3].map((tier) => {
  const mods = c.modules.filter((m) => m.tier === tier && m.id !== 93);
  return { tier, modules: mods.length, words: mods.reduce((n, m) => n + m.words.length, 0) };
});
const beginner = c.modules.find((m) => m.id === 93);
const byPos = Object.fromEntries(POS.map((p) => [p, words.filter((w) => w.pos === p).length]));
const byTense = Object.fromEntries(TENSES.map((t) => [t, words.filter((w) => w.tense === t).length]));
const verbs = new Set(words.filter((w) => w.verb).map((w) => `${w.module}:${w.verb}`)).size;
const modules = c.modules.map((m) => {
  const count = (pred: (w: (typeof m.words)[number]) => boolean) => m.words.filter(pred).length;
  const audioErrors = new Set(audio.errors.filter((e) => e.file === c.moduleFiles[m.id]).map((e) => e.id));
  return {
    id: m.id,
    slug: m.slug,
    tier: m.tier,
    fields: m.fields.join(","),
    words: m.words.length,
    nouns: count((w) => w.pos === "noun"),
    verbs: count((w) => w.pos === "verb"),
    adjectives: count((w) => w.pos === "adjective"),
    other: count((w) => !["noun", "verb", "adjective"].includes(w.pos)),
    withRoots: count((w) => w.roots.length > 0),
    pictures: count((w) => w.picture !== undefined),
    audio: m.words.length - audioErrors.size,
  };
});
// Cloze gaps (issue 28): example sentences whose entry the finder finds, the content marks, or neither.
const gaps = gapCounts(c);
const figures = {
  modules: c.modules.length,
  words: words.length,
  roots: c.roots.size,
  letters: c.letters.length,
  letterVowels: c.letterVowels.length,
  tiers,
  beginner: beginner ? { words: beginner.words.length } : null,
  byPos,
  byTense,
  verbs,
  gaps,
  // Entries with a picture (decision 0104); per module in modulesTable.
  pictures: words.filter((w) => w.picture !== undefined).length,
  hspell: hebrew.available
    ? {
        tokens: hebrew.tokens,
        recognised: hebrew.recognised,
        entries: hebrew.entries,
        entriesRecognised: hebrew.entriesRecognised,
        posChecked: hebrew.posChecked,
        posAgrees: hebrew.posAgrees,
        posByPos: hebrew.posByPos,
        problems: hebrew.errors.length,
      }
    : null,
  // Words of tier-N example sentences taught at tier <= N (tier 1 with the beginner module; goal 90% in tier 1).
  sentenceWords: hebrew.sentences.map((t) => ({
    tier: t.tier,
    words: t.words,
    taught: t.taught,
    share: t.share,
    untaught: t.untaught.slice(0, 25),
  })),
  hunspell: {
    languages: spelling.languages,
    texts: spelling.texts,
    flags: spelling.flags,
    allowlisted: spelling.allowlisted,
  },
  audio: { sox: audio.soxAvailable, expected: audio.expected, present: audio.present, good: audio.good },
  problems: c.problems.length + c.lint.length,
  // The A1 checklist (content/checklists/a1.json): items taught in tier 1 or the beginner module.
  a1: a1 ? { items: a1.items, taught: a1.taught, share: a1.share } : null,
  modulesTable: modules,
  // Frequency coverage (frequency.ts): taught lemmas per tier (a verb once) and the share of the top N lemmas
  // of the subtitles list taught at that tier or below (tier 1 includes the beginner module).
  frequency: freq
    ? {
        forms: freq.forms,
        formsUsed: freq.formsUsed,
        lemmas: freq.lemmas,
        tiers: freq.tiers.map((t) => ({
          tier: t.tier,
          lemmas: t.lemmas,
          lemmasUpTo: t.lemmasUpTo,
          coverage: t.coverage,
          verbs: t.verbs,
          missing: t.missing.map((l) => ({ lemma: l.lemma, pos: l.pos, count: l.count })),
        })),
      }
    : null,
};

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(figures, null, 2));
  process.exit(0);
}

const table = (rows: Record<string, string | number>[]) => {
  if (!rows.length) return;
  const cols = Object.keys(rows[0] ?? {});
  const width = cols.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? "").length)));
  const line = (cells: string[]) => `  ${cells.map((s, i) => s.padStart(width[i] ?? 0)).join("  ")}`;
  console.log(line(cols));
  for (const r of rows) console.log(line(cols.map((k) => String(r[k] ?? ""))));
};

console.log(
  `Content: ${figures.modules} modules, ${figures.words} words, ${figures.roots} roots, ${figures.letters} letters, ${figures.letterVowels} letter + vowel combinations`,
);
console.log("\nPer tier (beginner module apart):");
table([...tiers, ...(beginner ? [{ tier: "beginner (93)", modules: 1, words: beginner.words.length }] : [])]);
console.log("\nPer module:");
table(modules);
console.log(
  `\nPictures (Twemoji, decision 0104): ${figures.pictures} entries in ${modules.filter((m) => m.pictures).length} modules`,
);
console.log("\nPer part of speech:");
table([byPos]);
console.log(`\nVerb forms per tense (${verbs} verbs):`);
table([byTense]);
const weak = modules.filter((m) => m.id !== 93 && m.verbs < 5);
if (weak.length)
  console.log(`  modules with fewer than 5 verb forms (the verb games need 5): ${weak.map((m) => m.id).join(", ")}`);

console.log(
  "\nCloze gaps of the example sentences (found by the finder, marked in the content, none; beginner in tier 1):",
);
table(gaps);

// Conjugation tables (decision 0018): how many verbs have one, and how hspell reads every form.
const taughtVerbs = new Set(words.filter((w) => w.verb).map((w) => w.verb));
const withTable = [...taughtVerbs].filter((v) => v && c.verbs.tables.has(v)).length;
console.log(
  `\nVerb tables: ${withTable}/${taughtVerbs.size} taught verbs have a full table (${c.verbs.tables.size} tables)`,
);
if (hebrew.available) {
  const vf = checkVerbForms(c.verbs, dir);
  console.log(
    `  hspell reads ${vf.agreeing}/${vf.forms} forms as their cell (${pct(vf.agreeing, vf.forms)} without the allowlist; ${pct(vf.agreeing + vf.allowlisted, vf.forms)} with it); not allowlisted: ${vf.errors.length}`,
  );
}
console.log("\nhspell:");
if (!hebrew.available) console.log("  not on PATH");
else {
  console.log(
    `  recognised: ${hebrew.recognised}/${hebrew.tokens} distinct words (${pct(hebrew.recognised, hebrew.tokens)}); entries fully recognised or allowlisted: ${hebrew.entriesRecognised}/${hebrew.entries} (${pct(hebrew.entriesRecognised, hebrew.entries)})`,
  );
  console.log(
    `  part of speech agrees: ${hebrew.posAgrees}/${hebrew.posChecked} single-word entries (${pct(hebrew.posAgrees, hebrew.posChecked)}); ${Object.entries(
      hebrew.posByPos,
    )
      .map(([p, v]) => `${p} ${v.agrees}/${v.checked}`)
      .join(", ")}`,
  );
  console.log(`  problems not allowlisted: ${hebrew.errors.length}`);
  console.log(
    "\nExample sentence words taught at the sentence's tier or below (tier 1 with the beginner module; goal 90%):",
  );
  for (const t of hebrew.sentences)
    console.log(
      `  tier ${t.tier}: ${t.taught}/${t.words} (${pct(t.taught, t.words)}); most frequent untaught: ${t.untaught
        .slice(0, 12)
        .map((u) => `${u.word} ×${u.count}`)
        .join(", ")}`,
    );
}
console.log("\nhunspell (translations, examples, module names, root meanings):");
console.log(`  dictionaries: ${spelling.languages.join(", ") || "none"}; ${spelling.texts} texts`);
console.log(
  `  flagged, not allowlisted: ${Object.entries(spelling.flags)
    .map(([l, n]) => `${l} ${n}`)
    .join(", ")}; allowlisted: ${spelling.allowlisted}`,
);
console.log(`\naudio${audio.soxAvailable ? "" : " (sox missing: presence only)"}:`);
table(
  (["words", "letters", "letter-vowel"] as const).map((k) => ({
    kind: k,
    expected: audio.expected[k] ?? 0,
    present: audio.present[k] ?? 0,
    good: audio.good[k] ?? 0,
    coverage: pct(audio.good[k] ?? 0, audio.expected[k] ?? 0),
  })),
);
console.log(
  "\nFrequency coverage (subtitles, he_2018_top20k; tier 1 includes the beginner module; a verb counts once):",
);
if (!freq) console.log(`  list not found at ${FREQUENCY_FILE} (set HE_FREQUENCY)`);
else {
  console.log(
    `  ${freq.forms} forms, ${freq.formsUsed} grouped into ${freq.lemmas} lemmas (the rest: names and fragments)`,
  );
  table(
    freq.tiers.map((t) => ({
      tier: t.tier === 1 ? "1 + beginner" : `1-${t.tier}`,
      "lemmas (own)": t.lemmas,
      "lemmas (up to)": t.lemmasUpTo,
      ...Object.fromEntries(
        TOPS.map((n) => [
          `top ${n}`,
          `${pct(t.coverage[n]?.taught ?? 0, t.coverage[n]?.of ?? 0)} (${t.coverage[n]?.taught})`,
        ]),
      ),
      [`top ${TOP_VERBS} verbs`]: `${pct(t.verbs.taught, t.verbs.of)} (${t.verbs.taught})`,
    })),
  );
  for (const t of freq.tiers) {
    console.log(`  most frequent lemmas not taught at tier <= ${t.tier} (npm run content:missing -- --top 1000):`);
    for (const l of t.missing.slice(0, 25)) {
      const rank = freq.ranked.findIndex((r) => r.lemma === l.lemma) + 1;
      console.log(`  ${formatLemma({ ...l, rank })}`);
    }
  }
}
console.log("\nA1 checklist (content/checklists/a1.json), taught in tier 1 or the beginner module:");
if (!a1) console.log("  checklists/a1.json missing or invalid");
else {
  console.log(`  ${a1.taught}/${a1.items} (${pct(a1.taught, a1.items)})`);
  const missing = a1.byItem.filter((i) => !i.ids.length);
  if (missing.length) console.log(`  not taught: ${missing.map((i) => `${i.he} (${i.gloss})`).join(", ")}`);
}
console.log(`\nloader problems and lint: ${figures.problems} (npm run content:check lists them)`);
