// Quick check of module files while writing: schema, NFC, ids, plain/pointed consistency, roots known.
// Usage: npx tsx content/src/validate-quick.ts content/modules/03-food.json [...]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { plainMatchesPointed } from "@ivrit/core/hebrew";
import { moduleFile, rootsFile } from "./schema.ts";

const root = join(import.meta.dirname, "..");
const roots = new Set<string>();
for (const f of readdirSync(join(root, "roots")).filter((f) => f.endsWith(".json"))) {
  const parsed = rootsFile.safeParse(JSON.parse(readFileSync(join(root, "roots", f), "utf8")));
  if (!parsed.success) console.log(`roots/${f}: ${parsed.error.message}`);
  else for (const k of Object.keys(parsed.data)) roots.add(k);
}
let problems = 0;
const say = (m: string) => {
  problems++;
  console.log(m);
};
for (const file of process.argv.slice(2)) {
  const raw = readFileSync(file, "utf8");
  if (raw !== raw.normalize("NFC")) say(`${file}: not NFC`);
  const parsed = moduleFile.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    say(`${file}: ${parsed.error.message}`);
    continue;
  }
  const m = parsed.data;
  const ids = new Set<number>();
  for (const w of m.words) {
    const at = `${file} #${w.id} ${w.he}`;
    if (ids.has(w.id)) say(`${at}: duplicate id`);
    ids.add(w.id);
    if (Math.floor(w.id / 1000) !== m.id) say(`${at}: id not in module range`);
    if (!plainMatchesPointed(w.he, w.nikkud)) say(`${at}: plain '${w.he}' does not match pointed '${w.nikkud}'`);
    if (!plainMatchesPointed(w.example.he, w.example.nikkud)) say(`${at}: example plain/pointed differ`);
    if ((w.pos === "verb") !== (w.tense !== undefined)) say(`${at}: tense is for verbs, and verbs need one`);
    if (w.pos === "verb" && (!w.verb || !w.binyan)) say(`${at}: verbs need verb and binyan`);
    for (const r of w.roots) if (!roots.has(r)) say(`${at}: root ${r} not defined in content/roots`);
    for (const part of w.translit.split(" ")) {
      const sylls = part.split("-");
      const stressed = sylls.filter((s) => s === s.toUpperCase() && /[A-Z]/.test(s)).length;
      if (stressed !== 1) say(`${at}: translit '${w.translit}' needs exactly one stressed (CAPITAL) syllable per word`);
      if (sylls.some((s) => s !== s.toUpperCase() && s !== s.toLowerCase()))
        say(`${at}: mixed case syllable in ${w.translit}`);
    }
  }
  const verbs = new Map<string, Set<string>>();
  for (const w of m.words) if (w.verb && w.tense) verbs.set(w.verb, (verbs.get(w.verb) ?? new Set()).add(w.tense));
  for (const [v, t] of verbs)
    if (t.size !== 4) say(`${file}: verb ${v} has ${[...t].join(",")}, needs all four tenses`);
  console.log(`${file}: ${m.words.length} words, ${verbs.size} verbs`);
}
console.log(problems ? `${problems} problem(s)` : "ok");
process.exit(problems ? 1 : 0);
