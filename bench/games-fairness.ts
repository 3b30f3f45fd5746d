// Issue 12's note: how fair the games' options are over the REAL content, loaded by the server's own loader
// (boot: migrate, sync content/, snapshot) and served by its own GET /words (a pro user, so no word is a locked
// preview). Builds rounds with the engines on the pools the games load and prints the shares.
//   npm run games-fairness -w bench [-- --seeds 20]
import { join } from "node:path";
import { fairnessPools, measureFairness, percent } from "@ivrit/core/games/fairness";
import type { LetterVowel } from "@ivrit/core/schemas/api";
import { inProcessApi } from "./in-process.ts";

const seedsArg = process.argv.indexOf("--seeds");
const SEEDS = Array.from({ length: seedsArg > 0 ? Number(process.argv[seedsArg + 1]) : 10 }, (_, i) => 1000 + i);
const contentDir = join(import.meta.dirname, "..", "content");

const { get, fetchWords, close } = await inProcessApi(contentDir);

const modules = (await get<{ items: { id: number; is_beginner: boolean }[] }>("/api/me/modules?all=1")).items;
const moduleIds = modules.filter((m) => !m.is_beginner).map((m) => m.id);
const pools = await fairnessPools(fetchWords, moduleIds, SEEDS);
const letterVowels = (await get<{ items: LetterVowel[] }>("/api/beginner/letter-vowel?language=en")).items;
const f = measureFairness({ ...pools, letterVowels, seeds: SEEDS });

console.log(`games fairness over the real content: ${moduleIds.length} modules, ${SEEDS.length} seeds`);
console.log(`verb conjugation: ${f.verb.questions} questions`);
console.log(`  3 wrong options all from the asked verb's table:              ${percent(f.verb.ownTable)}`);
console.log(
  `  3 wrong options all of the verb or its root in another binyan: ${percent(f.verb.sameRoot)}  (goal 100%)`,
);
console.log(`  questions with two right options:                             ${f.verb.twoRight}  (goal 0)`);
console.log(`translation match: ${f.translation.questions} questions`);
console.log(
  `  wrong options with the answer's part of speech:               ${percent(f.translation.samePos)}  (goal >= 90%)`,
);
console.log(
  `  infinitive/future questions whose answer is the only one of its form: ${percent(f.translation.onlyOfItsForm)}`,
);
console.log(`  questions with two right options:                             ${f.translation.twoRight}  (goal 0)`);
console.log(
  `  the same, with homographs from all modules:                   ${f.translation.twoRightAcrossPools}  (stricter)`,
);
console.log(`letter + vowel: ${f.vowel.questions} questions`);
console.log(`  wrong options all readings of the asked consonant:            ${percent(f.vowel.sameConsonant)}`);
console.log(`  bare "'" options:                                             ${f.vowel.bareStops}`);
console.log(`  questions with two right options:                             ${f.vowel.twoRight}  (goal 0)`);
await close();
