// A small mutation probe of core/ (issue 32): each mutant below is one hand-written change to a rule, the kind of
// slip a later edit could make (a boundary moved, a case dropped). The probe applies one at a time, runs core's
// tests, and restores the file. A mutant the tests do not notice ("survived") is a rule no test pins; one marked
// `equivalent` changes no behaviour (the reason is given) and is not counted against the tests.
//
//   node scripts/mutation-probe.mjs [name...]     (no name: every mutant; about 8 s each on this machine)
//
// It edits files in place and restores each one after its run (and on Ctrl-C): run it on a clean tree.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

/** { name, file, from, to, equivalent? }: `from` must occur exactly once in `file`. */
export const MUTANTS = [
  // Hebrew text rules (core/src/hebrew.ts)
  { name: "letters-drop-tav", file: "core/src/hebrew.ts", from: 'c <= "\\u05EA"', to: 'c < "\\u05EA"' },
  { name: "letters-drop-alef", file: "core/src/hebrew.ts", from: 'c >= "\\u05D0"', to: 'c > "\\u05D0"' },
  {
    name: "letters-keep-finals",
    file: "core/src/hebrew.ts",
    from: ".map((c) => FINALS[c] ?? c)",
    to: ".map((c) => c)",
  },
  { name: "maqaf-not-hyphen", file: "core/src/hebrew.ts", from: '.replace(MAQAF, "-")', to: '.replace(MAQAF, "")' },
  {
    name: "plain-pointed-prefix",
    file: "core/src/hebrew.ts",
    from: "return i === d.length;",
    to: "return i <= d.length;",
  },
  { name: "sentence-keeps-spaces", file: "core/src/hebrew.ts", from: "/[\\p{P}\\s]/gu", to: "/[\\p{P}]/gu" },
  // The learning memory (core/src/srs.ts)
  {
    name: "session-window-inclusive",
    file: "core/src/srs.ts",
    from: "at.getTime() - card.lastMissAt.getTime() < SESSION_WINDOW_MS",
    to: "at.getTime() - card.lastMissAt.getTime() <= SESSION_WINDOW_MS",
  },
  {
    name: "easy-while-learning",
    file: "core/src/srs.ts",
    from: 'card.state === State.Review) return "easy"',
    to: 'card.state !== State.New) return "easy"',
  },
  {
    name: "choice-after-mistake-hard",
    file: "core/src/srs.ts",
    from: 'answer.mode === "typing" ? "hard" : "again"',
    to: '"hard"',
  },
  {
    name: "recall-day-twice",
    file: "core/src/srs.ts",
    from: "(day === card.lastRecallDay ? 0 : 1)",
    to: "1",
  },
  {
    name: "known-needs-three-days",
    file: "core/src/srs.ts",
    from: "card.recallDays < KNOWN_RECALL_DAYS",
    to: "card.recallDays <= KNOWN_RECALL_DAYS",
  },
  {
    name: "known-without-production",
    file: "core/src/srs.ts",
    from: "card.recallDays < KNOWN_RECALL_DAYS || !card.produced",
    to: "card.recallDays < KNOWN_RECALL_DAYS",
  },
  {
    name: "mature-from-22-days",
    file: "core/src/srs.ts",
    from: "card.scheduledDays >= MATURE_DAYS",
    to: "card.scheduledDays > MATURE_DAYS",
  },
  {
    name: "reverse-until-firm-inclusive",
    file: "core/src/srs.ts",
    from: "card.stability < FIRM_STABILITY_DAYS) return",
    to: "card.stability <= FIRM_STABILITY_DAYS) return",
  },
  {
    name: "listening-until-strong-inclusive",
    file: "core/src/srs.ts",
    from: "card.stability < STRONG_STABILITY_DAYS",
    to: "card.stability <= STRONG_STABILITY_DAYS",
  },
  {
    name: "typing-from-third-rep",
    file: "core/src/srs.ts",
    from: "card.reps >= 2",
    to: "card.reps >= 3",
  },
  {
    name: "nikkud-hidden-from-above-firm",
    file: "core/src/srs.ts",
    from: "card.stability >= FIRM_STABILITY_DAYS;",
    to: "card.stability > FIRM_STABILITY_DAYS;",
  },
  {
    name: "ties-unordered",
    file: "core/src/srs.ts",
    from: "return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;",
    to: "return 0;",
  },
  // Days, streaks and sessions (core/src/review.ts)
  {
    name: "streak-today-above-goal",
    file: "core/src/review.ts",
    from: "(countsByDay.get(today) ?? 0) >= goal",
    to: "(countsByDay.get(today) ?? 0) > goal",
  },
  {
    name: "streak-days-above-goal",
    file: "core/src/review.ts",
    from: "while ((countsByDay.get(day) ?? 0) >= goal)",
    to: "while ((countsByDay.get(day) ?? 0) > goal)",
  },
  {
    name: "session-unbounded",
    file: "core/src/review.ts",
    from: "Math.min(SESSION_MAX, Math.max(0, o.goalLeft))",
    to: "Math.max(0, o.goalLeft)",
  },
  {
    name: "fast-exclusive",
    file: "core/src/review.ts",
    from: "answer.elapsedMs <= fast",
    to: "answer.elapsedMs < fast",
  },
  {
    name: "two-mistakes-after-mistake",
    file: "core/src/review.ts",
    from: "answer.mistakes > 1) return",
    to: "answer.mistakes > 2) return",
  },
  // Plans (core/src/plans.ts)
  { name: "tier-rounds", file: "core/src/plans.ts", from: "Math.trunc(n)", to: "Math.round(n)" },
  { name: "pro-above-3", file: "core/src/plans.ts", from: "if (tier >= 3)", to: "if (tier > 3)" },
  {
    name: "locked-at-own-tier",
    file: "core/src/plans.ts",
    from: "return moduleTier > userTier;",
    to: "return moduleTier >= userTier;",
  },
  {
    name: "higher-plan-ties-to-b",
    file: "core/src/plans.ts",
    from: "return PLAN_TIER[b] > PLAN_TIER[a] ? b : a;",
    to: "return PLAN_TIER[b] >= PLAN_TIER[a] ? b : a;",
    equivalent: "equal tiers are the same plan (PLAN_TIER is one-to-one), so a and b are equal",
  },
  // Typed answers (core/src/typing.ts)
  {
    name: "final-inside-allowed-last",
    file: "core/src/typing.ts",
    from: "[...w].slice(0, -1).some((c) => FINAL_FORMS.has(c))",
    to: "[...w].some((c) => FINAL_FORMS.has(c))",
  },
  {
    name: "empty-typed-accepted",
    file: "core/src/typing.ts",
    from: "if (typed.length === 0 || finalsInside(words)) return wrong();",
    to: "if (finalsInside(words)) return wrong();",
    equivalent:
      "nothing typed matches no word: every word has Hebrew letters (content check), so neither its letters nor " +
      "its spelling pattern (one letter at least) equal an empty string; the check only says why early",
  },
];

function runTests() {
  const r = spawnSync("npx", ["vitest", "run", "--project", "core", "--bail=1", "--reporter=dot"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return r.status === 0;
}

let restore = null;
process.on("SIGINT", () => {
  restore?.();
  process.exit(130);
});

const only = process.argv.slice(2);
const chosen = only.length ? MUTANTS.filter((m) => only.includes(m.name)) : MUTANTS;
if (!runTests()) {
  console.error("core's tests fail without any mutant: fix them first");
  process.exit(2);
}
const survived = [];
let killed = 0;
for (const m of chosen) {
  const path = join(ROOT, m.file);
  const original = readFileSync(path, "utf8");
  const count = original.split(m.from).length - 1;
  if (count !== 1) throw new Error(`${m.name}: "${m.from}" occurs ${count} times in ${m.file}`);
  restore = () => writeFileSync(path, original);
  writeFileSync(
    path,
    original.replace(m.from, () => m.to),
  );
  let passed;
  try {
    passed = runTests();
  } finally {
    restore();
    restore = null;
  }
  const verdict = passed ? (m.equivalent ? "equivalent" : "SURVIVED") : "killed";
  if (!passed && !m.equivalent) killed++;
  if (passed && !m.equivalent) survived.push(m.name);
  console.log(`${verdict.padEnd(10)} ${m.name}${passed && m.equivalent ? ` (${m.equivalent})` : ""}`);
}
const counted = chosen.filter((m) => !m.equivalent).length;
console.log(`\nkilled ${killed} of ${counted} mutants (${chosen.length - counted} equivalent, not counted)`);
if (survived.length) console.log(`survived: ${survived.join(", ")}`);
process.exitCode = survived.length ? 1 : 0;
