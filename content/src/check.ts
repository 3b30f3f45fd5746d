// npm run content:check — every content rule, exit code 1 on any error.
//   schema (zod), NFC, unique stable ids, roots defined once, fields known, plain vs pointed, allowed marks,
//   transliteration stress, verbs with all their tenses (load.ts); hspell recognition and part of speech,
//   hunspell spelling of the translations, audio files present, long enough and not silent (analyse.ts); the
//   verb tables' pointing against a hand-written reference and the doubling rules (pointing-gate.ts).
// Options: --skip=hspell,hunspell,audio (or CONTENT_CHECK_SKIP=…)   --dir=<content dir> (or CONTENT_DIR=…)
//          --remeasure (or CONTENT_CHECK_REMEASURE=1): run sox on every audio file, not only on files whose
//          sha1 differs from content/audio/manifest.json.

import { join } from "node:path";
import {
  type AudioReport,
  checkAudio,
  checkHebrew,
  checkSpelling,
  type HebrewReport,
  type SpellingReport,
} from "./analyse.ts";
import { checklistIssues } from "./checklist.ts";
import type { VerbSpec } from "./conjugate.ts";
import { gapCounts, gapGate, pointingGates } from "./gates.ts";
import { CONTENT_DIR, type Content, type Issue, loadContent } from "./load.ts";
import { pictureIssues, twemojiFiles } from "./pictures.ts";
import { pointingGate } from "./pointing-gate.ts";
import { checkVerbForms, type VerbCheckReport } from "./verb-check.ts";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// npm eats --options after `npm run content:check --`, so the environment works too: CONTENT_CHECK_SKIP=audio
const skip = new Set((arg("skip") ?? process.env.CONTENT_CHECK_SKIP ?? "").split(",").filter(Boolean));
const dir = arg("dir") ?? process.env.CONTENT_DIR ?? CONTENT_DIR;

const started = Date.now();
const c = loadContent(dir);
const spelling: Promise<SpellingReport | undefined> = skip.has("hunspell")
  ? Promise.resolve(undefined)
  : checkSpelling(c);
const remeasure = process.argv.includes("--remeasure") || process.env.CONTENT_CHECK_REMEASURE === "1";
const audio: Promise<AudioReport | undefined> = skip.has("audio")
  ? Promise.resolve(undefined)
  : checkAudio(c, dir, { remeasure });
const hebrew: HebrewReport | undefined = skip.has("hspell") ? undefined : checkHebrew(c, dir);
const pointing = pointingGates(c);
// The verb tables' pointing against the hand-written reference and the doubling rules (decision 0093).
const tablePointing = pointingGate(dir, c.verbs.tables, c.verbs.specs as VerbSpec[], c.verbs.files);
// Every form of every verb table read by hspell as its cell (verb-check.ts).
const verbForms: VerbCheckReport | undefined =
  skip.has("hspell") || !hebrew?.available ? undefined : checkVerbForms(c.verbs, dir);
const [sp, au] = await Promise.all([spelling, audio]);

const errors: Issue[] = [
  ...c.problems,
  ...c.lint,
  ...pointing.errors,
  // The cloze gap marks (example.gap) against core's gap finder (issue 28).
  ...gapGate(c),
  // The A1 checklist (content/checklists/a1.json): every item taught in tier 1 or the beginner module.
  ...checklistIssues(c, join(dir, "checklists", "a1.json")),
  ...tablePointing,
  // Pictures (decision 0104): a file @twemoji/svg has, on a noun or numeral (or allowlisted), one per module.
  ...pictureIssues(c, twemojiFiles()),
  ...(hebrew?.errors ?? []),
  ...(verbForms?.errors ?? []).map((e) => ({
    file: e.file,
    message: `${e.verb} ${e.cell} ${e.he}: hspell does not read it as that cell (${e.hspell}); fix the generator or list the cell under "hspell" with a reason`,
  })),
  ...(verbForms?.stale ?? []).map((e) => ({
    file: e.file,
    message: `${e.verb}: hspell allowlist for ${e.cell} is no longer needed`,
  })),
  ...(sp?.errors ?? []),
  ...(au?.errors ?? []),
];
const warnings: Issue[] = [
  ...c.warnings,
  ...pointing.warnings,
  ...(hebrew?.warnings ?? []),
  ...(sp?.warnings ?? []),
  ...(au?.warnings ?? []),
];
const notes: string[] = [];
if (hebrew && !hebrew.available) notes.push("hspell not on PATH: Hebrew spelling and part of speech not checked");
if (sp?.missing.length) notes.push(`hunspell dictionaries missing for ${sp.missing.join(", ")}: not spell-checked`);
if (au && !au.soxAvailable) notes.push("sox not on PATH: audio files checked for presence only");
if (au?.soxAvailable)
  notes.push(
    `audio: ${Object.values(au.present).reduce((a, b) => a + b, 0)} files, ${au.measured} measured with sox, the rest unchanged since measured (manifest sha1)`,
  );
if (verbForms)
  notes.push(
    `verb tables: ${c.verbs.tables.size} verbs, ${verbForms.forms} forms; hspell reads ${verbForms.agreeing} as their cell (${((100 * verbForms.agreeing) / Math.max(1, verbForms.forms)).toFixed(2)}% without the allowlist), ${verbForms.allowlisted} allowlisted, ${verbForms.errors.length} not`,
  );
const gaps = gapCounts(c);
notes.push(
  `cloze gaps: ${gaps.map((t) => `tier ${t.tier}: ${t.found} found, ${t.marked} marked, ${t.none} none of ${t.sentences}`).join("; ")}`,
);
for (const s of skip) notes.push(`${s} skipped (--skip)`);
// A report, not a gate: example sentences should use words the learner has met (goal: 90% in tier 1).
for (const t of hebrew?.sentences ?? []) {
  if (!t.words) continue;
  const top = t.untaught
    .slice(0, t.tier === 1 ? 25 : 10)
    .map((u) => `${u.word}${u.count > 1 ? ` ×${u.count}` : ""}`)
    .join(", ");
  notes.push(
    `tier-${t.tier} example words taught at tier <= ${t.tier}${t.tier === 1 ? " (with the beginner module; goal 90%)" : ""}: ${t.taught}/${t.words} (${((100 * t.taught) / t.words).toFixed(1)}%); most frequent untaught: ${top}`,
  );
}

function print(title: string, list: Issue[]) {
  if (!list.length) return;
  console.log(`\n${title} (${list.length}):`);
  const byFile = new Map<string, Issue[]>();
  for (const i of list) byFile.set(i.file, [...(byFile.get(i.file) ?? []), i]);
  for (const file of [...byFile.keys()].sort()) {
    console.log(`  ${file}`);
    const sorted = (byFile.get(file) ?? []).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    for (const i of sorted) console.log(`    ${i.id ? `#${i.id} ` : ""}${i.message}`);
  }
}

/** What is checked: each module, word, root file, letter, vowel and combination; it passes with no error. */
function subjects(content: Content): string[] {
  const list = ["fields.json", "allowlist.json"];
  for (const m of content.modules) {
    const file = content.moduleFiles[m.id] ?? `modules/${m.id}`;
    list.push(`${file}#`);
    for (const w of m.words) list.push(`${file}#${w.id}`);
  }
  for (const f of new Set(Object.values(content.rootFiles))) list.push(`${f}#`);
  for (const l of content.letters) list.push(`beginner/letters.json#${l.id}`);
  for (const n of content.nikkud) list.push(`beginner/nikkud.json#${n.id}`);
  for (const lv of content.letterVowels) list.push(`beginner/letter-vowel.json#${lv.id}`);
  return list;
}

print("warnings", warnings);
print("errors", errors);
for (const n of notes) console.log(`note: ${n}`);
const all = new Set(subjects(c));
const failing = new Set(errors.map((e) => `${e.file}#${e.id ?? ""}`));
for (const f of failing) all.add(f);
const words = c.modules.reduce((n, m) => n + m.words.length, 0);
console.log(
  `\n${c.modules.length} modules, ${words} words, ${c.roots.size} roots, ${c.letters.length} letters, ${c.letterVowels.length} letter + vowel combinations; ${errors.length} error(s), ${warnings.length} warning(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`content check: ${all.size - failing.size} passed, ${failing.size} failed`);
process.exit(errors.length ? 1 : 0);
