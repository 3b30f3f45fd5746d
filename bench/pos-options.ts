// Issue 27.2: how often translation match's options all share the answer's part of speech, over the REAL tier-1
// content (every tier-1 module and the beginner module: the module loads the game makes, seeded), served by the
// server's own loader and GET /words. The true part of speech judges each question (decision 0090). With
// `--before <git revision>` it also builds the same rounds with the labels the content had at that revision (read
// with `git show`, the engine falling back to them as it did), so the two figures differ only in the labels.
//   npm run pos-options -w bench [-- --seeds 20] [-- --before c8166fa]
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { isCorrectAnswer } from "@ivrit/core/games/choice";
import { fairnessPools, percent, type Share } from "@ivrit/core/games/fairness";
import { buildTranslationMatch } from "@ivrit/core/games/translation-match";
import { createRng } from "@ivrit/core/rng";
import type { Word } from "@ivrit/core/schemas/api";
import { inProcessApi } from "./in-process.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SEEDS = Array.from({ length: Number(arg("--seeds") ?? 20) }, (_, i) => 2000 + i);
const before = arg("--before");
const root = join(import.meta.dirname, "..");

const { get, fetchWords, close } = await inProcessApi(join(root, "content"));

const modules = (await get<{ items: { id: number; tier: number; is_beginner: boolean }[] }>("/api/me/modules?all=1"))
  .items;
const moduleIds = modules.filter((m) => m.tier === 1 || m.is_beginner).map((m) => m.id);
const { translationPools } = await fairnessPools(fetchWords, moduleIds, SEEDS);

/** The part of speech each word id had at a revision: its modules read with `git show`. */
function labelsAt(rev: string): Map<number, string> {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  const files = git("ls-tree", "--name-only", `${rev}:content/modules`).split("\n").filter(Boolean);
  const labels = new Map<number, string>();
  for (const f of files) {
    const m = JSON.parse(git("show", `${rev}:content/modules/${f}`)) as { words: { id: number; pos: string }[] };
    for (const w of m.words) labels.set(w.id, w.pos);
  }
  return labels;
}

type Figures = { all: Share; closed: Share; wrongSame: Share };
const CLOSED = new Set(["pronoun", "preposition", "conjunction", "numeral", "question", "particle", "interjection"]);

/** Rounds built on pools whose words carry `label`'s part of speech, judged by the true one. */
function measure(label: (w: Word) => Pick<Word, "category" | "partOfSpeech">): Figures {
  const f: Figures = { all: { hits: 0, of: 0 }, closed: { hits: 0, of: 0 }, wrongSame: { hits: 0, of: 0 } };
  // fairnessPools lists the pools seed by seed, each seed's modules in order.
  for (const [i, pool] of translationPools.entries()) {
    const seed = SEEDS[Math.floor(i / moduleIds.length)] as number;
    const truth = new Map(pool.map((w) => [w.id, w.partOfSpeech ?? w.category]));
    const labelled = pool.map((w) => ({ ...w, partOfSpeech: undefined, ...label(w) }));
    const start = buildTranslationMatch(labelled, createRng(seed));
    if (start.kind !== "ready") continue;
    for (const q of start.quiz.questions) {
      if (q.options.length < 2) continue;
      const pos = truth.get(q.word.id);
      const wrong = q.options
        .filter((o) => !isCorrectAnswer(o, q.answer))
        .map((o) => labelled.find((w) => w.id !== q.word.id && isCorrectAnswer(o, w.translation)));
      const same = wrong.map((w) => w !== undefined && truth.get(w.id) === pos);
      for (const s of same) {
        f.wrongSame.of++;
        if (s) f.wrongSame.hits++;
      }
      const allSame = same.every(Boolean);
      f.all.of++;
      if (allSame) f.all.hits++;
      if (pos !== undefined && CLOSED.has(pos)) {
        f.closed.of++;
        if (allSame) f.closed.hits++;
      }
    }
  }
  return f;
}

const print = (name: string, f: Figures) => {
  console.log(`${name}:`);
  console.log(`  questions whose wrong options all share the answer's part of speech: ${percent(f.all)}`);
  console.log(`  the same, answers of a closed class (pronoun … interjection):          ${percent(f.closed)}`);
  console.log(`  wrong options of the answer's part of speech:                          ${percent(f.wrongSame)}`);
};
console.log(
  `translation match over tier 1 and the beginner module: ${moduleIds.length} modules, ${SEEDS.length} seeds, ` +
    `${translationPools.length} rounds (judged by the true part of speech)`,
);
if (before) {
  const old = labelsAt(before);
  print(
    `labels at ${before}`,
    measure((w) => ({ category: old.get(w.id) ?? w.category })),
  );
}
print(
  "labels now (partOfSpeech)",
  measure((w) => ({ category: w.category, partOfSpeech: w.partOfSpeech })),
);
await close();
