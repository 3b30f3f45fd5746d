// npm run content:read -- --since <git ref> [--sample 100] [--seed 27] [--ids 3032,111001-111020]
// Prints entries for a second reader (CONTRIBUTING "Adding a module of words", step 4): every entry whose id is
// new since <ref> (new words and moved ones, which get a new id), or the listed ids; `--sample` takes a seeded
// random sample of them. Each entry in full: spelling, pointing, transliteration, part of speech, roots, the six
// translations, the example pointed and plain with its six translations, and for a moved entry the id it replaces.
import { execFileSync } from "node:child_process";
import { join, relative } from "node:path";
import { createRng, sample } from "@ivrit/core/rng";
import { CONTENT_DIR, type ContentWord, loadContent } from "./load.ts";
import { LANGS } from "./schema.ts";

const value = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : i >= 0 ? process.argv[i + 1] : undefined;
};

/** "3032,111001-111020" -> the ids. */
export function parseIds(spec: string): number[] {
  return spec.split(",").flatMap((part) => {
    const [a, b] = part.split("-").map(Number);
    if (!Number.isInteger(a) || (b !== undefined && !Number.isInteger(b)))
      throw new Error(`not an id or range: ${part}`);
    return b === undefined
      ? [a as number]
      : Array.from({ length: (b as number) - (a as number) + 1 }, (_, k) => (a as number) + k);
  });
}

/** Word ids of the module files at a git ref (the content directory's repository). */
function idsAt(ref: string, dir: string): Set<number> {
  const run = (cwd: string, args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 1 << 28 });
  const top = run(dir, ["rev-parse", "--show-toplevel"]).trim();
  const git = (...args: string[]) => run(top, args);
  const modules = relative(top, join(dir, "modules"));
  const files = git("ls-tree", "--name-only", `${ref}:${modules}`)
    .split("\n")
    .filter((f) => f.endsWith(".json"));
  if (!files.length) throw new Error(`no module files at ${ref}:${modules}`);
  const ids = new Set<number>();
  for (const f of files) {
    const m = JSON.parse(git("show", `${ref}:${modules}/${f}`)) as { words: { id: number }[] };
    for (const w of m.words) ids.add(w.id);
  }
  return ids;
}

export function formatEntry(w: ContentWord, where: string, replaces?: number): string {
  const lines = [
    `### ${w.id} ${w.he} ${w.nikkud} (${w.translit}) ${w.pos}${w.tense ? ` ${w.tense} of ${w.verb} (${w.binyan})` : ""}`,
    `${where}${replaces ? `; moved from ${replaces}` : ""}; roots: ${w.roots.join(", ") || "none"}`,
    ...LANGS.map((l) => `- ${l}: ${w.tr[l]}`),
    `- example: ${w.example.nikkud} / ${w.example.he}${w.example.orders?.length ? ` (also: ${w.example.orders.join(" / ")})` : ""}`,
    ...LANGS.map((l) => `  - ${l}: ${w.example.tr[l]}`),
    ...(w.note ? [`- note: ${w.note}`] : []),
  ];
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.env.CONTENT_DIR ?? CONTENT_DIR;
  const c = loadContent(dir);
  const since = value("since");
  const idsArg = value("ids");
  if (!since && !idsArg) {
    console.error("usage: content:read -- --since <git ref> | --ids 3032,111001-111020 [--sample N] [--seed S]");
    process.exit(2);
  }
  const all = c.modules.flatMap((m) => m.words.map((w) => ({ w, m })));
  const old = since ? idsAt(since, dir) : undefined;
  const wanted = idsArg ? new Set(parseIds(idsArg)) : undefined;
  let picked = all.filter(({ w }) => (old ? !old.has(w.id) : true) && (wanted ? wanted.has(w.id) : true));
  const n = value("sample");
  const seed = Number(value("seed") ?? 27);
  if (n) picked = sample(picked, Number(n), createRng(seed)).sort((a, b) => a.w.id - b.w.id);
  const from = new Map(c.moved.map((m) => [m.to, m.from]));
  console.log(
    `${picked.length} entries${since ? ` new or moved since ${since}` : ""}${n ? ` (a sample, seed ${seed})` : ""}\n`,
  );
  for (const { w, m } of picked)
    console.log(`${formatEntry(w, `module ${m.id} ${m.slug}, tier ${m.tier}`, from.get(w.id))}\n`);
}
