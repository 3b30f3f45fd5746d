// npm run content:missing -- --top 1000 [--tier 1] [--pos verb|noun|adj|other] [--all] [--json]
// The most frequent lemmas of the subtitles list (frequency.ts) that no module of tier <= --tier (default 3;
// tier 1 includes the beginner module) teaches, in frequency order with their counts and commonest forms: a
// worklist for authors. --pos keeps one part of speech (--pos verb --top 3000: the verbs by frequency);
// --all lists the taught ones too, with the tier that teaches them.
import { FREQUENCY_FILE, formatLemma, frequencyReport, posName, readFrequencyList, readLists } from "./frequency.ts";
import { CONTENT_DIR, loadContent } from "./load.ts";

const value = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : i >= 0 ? process.argv[i + 1] : undefined;
};
const top = Number(value("top") ?? 1000);
const tier = Number(value("tier") ?? 3);
const pos = value("pos");
if (
  !Number.isInteger(top) ||
  top < 1 ||
  ![1, 2, 3].includes(tier) ||
  (pos && !["verb", "noun", "adj", "other"].includes(pos))
) {
  console.error("usage: content:missing -- --top <n> [--tier 1|2|3] [--pos verb|noun|adj|other] [--all] [--json]");
  process.exit(2);
}
const forms = readFrequencyList();
if (!forms) {
  console.error(`frequency list not found at ${FREQUENCY_FILE} (set HE_FREQUENCY)`);
  process.exit(2);
}
const dir = process.env.CONTENT_DIR ?? CONTENT_DIR;
const report = frequencyReport(loadContent(dir), forms, readLists(), { cwd: dir });
const all = process.argv.includes("--all");
const rows = report.ranked
  .slice(0, top)
  .filter((l) => !pos || posName(l.pos) === pos)
  .filter((l) => all || l.tier === null || l.tier > tier)
  .map((l) => ({ ...l, taughtAt: l.tier !== null && l.tier <= tier ? l.tier : null }));
if (process.argv.includes("--json")) {
  console.log(
    JSON.stringify(
      rows.map((l) => ({
        rank: l.rank,
        lemma: l.lemma,
        pos: l.pos,
        count: l.count,
        forms: l.forms.slice(0, 5),
        tier: l.taughtAt,
      })),
      null,
      2,
    ),
  );
} else {
  const missing = rows.filter((l) => l.taughtAt === null).length;
  const what = pos ? `${pos}s among the top ${top} lemmas` : `top ${top} lemmas`;
  console.log(`${what}: ${missing} not taught at tier <= ${tier}${tier === 1 ? " (with the beginner module)" : ""}`);
  console.log(" rank  lemma      pos         count  commonest forms");
  for (const l of rows) console.log(`${formatLemma(l)}${all ? `  ${l.taughtAt ? `tier ${l.taughtAt}` : "-"}` : ""}`);
}
