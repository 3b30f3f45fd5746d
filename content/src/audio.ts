// npm run audio -w content — generates the missing pronunciation files with espeak-ng's phoneme input:
//   transliteration "sha-LOM" -> espeak-ng -v he "[[Sa'lom]]" -> wav -> lame (mono, 32 kbit/s) -> audio/words/<id>.mp3
// for every word, letter (its name) and letter + vowel combination. A file is made again when the
// transliteration it was made from changed (content/audio/manifest.json keeps the phonemes, sha1 and sox
// measurements of each file).
// Options: --force (remake every file), --only=words|letters|letter-vowel, --jobs=N (default: one per core).
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import {
  type AudioItem,
  audioItems,
  audioPath,
  audioVerdict,
  readManifest,
  sha1,
  soxStats,
  writeManifest,
} from "./audio-files.ts";
import { CONTENT_DIR, loadContent } from "./load.ts";
import { translitProblems } from "./translit.ts";

const run = promisify(execFile);
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const force = process.argv.includes("--force");
const only = arg("only");
const jobs = Number(arg("jobs") ?? availableParallelism());
const dir = process.env.CONTENT_DIR ?? CONTENT_DIR;
/** espeak-ng words per minute: a little slower than its default 175, for learners. */
const SPEED = "140";

const c = loadContent(dir);
if (c.problems.length) console.warn(`note: ${c.problems.length} content problem(s); audio for what loaded`);
const manifest = readManifest(dir);
const key = (i: AudioItem) => `${i.kind}/${i.id}`;
const items = audioItems(c).filter((i) => !only || i.kind === only);
const skipped: string[] = [];
const todo = items.filter((i) => {
  const bad = translitProblems(i.translit, { stress: false }).filter((p) => !p.includes("no vowel"));
  if (bad.length || !i.phonemes) {
    skipped.push(`${key(i)} ${i.label} '${i.translit}': ${bad.join("; ")}`);
    return false;
  }
  return force || !existsSync(audioPath(dir, i.kind, i.id)) || manifest[key(i)]?.phonemes !== i.phonemes;
});

const tmp = mkdtempSync(join(tmpdir(), "ivrit-audio-"));
let done = 0;
const failed: string[] = [];
async function make(item: AudioItem) {
  const wav = join(tmp, `${item.kind}-${item.id}.wav`);
  const mp3 = join(tmp, `${item.kind}-${item.id}.mp3`);
  const out = audioPath(dir, item.kind, item.id);
  try {
    await run("espeak-ng", ["-v", "he", "-s", SPEED, "-w", wav, item.phonemes]);
    await run("lame", ["--quiet", "-m", "m", "-b", "32", "--resample", "22.05", wav, mp3]);
    mkdirSync(dirname(out), { recursive: true });
    renameSync(mp3, out);
  } catch (e) {
    failed.push(`${key(item)} ${item.label}: ${(e as Error).message.split("\n")[0]}`);
  } finally {
    rmSync(wav, { force: true });
  }
  done++;
  if (done % 100 === 0) console.log(`  ${done}/${todo.length}`);
}

const started = Date.now();
console.log(`${items.length} items, ${todo.length} to make (${jobs} in parallel)`);
const queue = [...todo];
await Promise.all(
  Array.from({ length: Math.max(1, jobs) }, async () => {
    for (let item = queue.shift(); item; item = queue.shift()) await make(item);
  }),
);
rmSync(tmp, { recursive: true, force: true });

// Measure what was made (long enough, not silent) and record it in the manifest with the file's sha1.
const made = todo.filter((i) => !failed.some((f) => f.startsWith(`${key(i)} `)));
const stats = await soxStats(made.map((i) => audioPath(dir, i.kind, i.id)));
const bad: string[] = [];
for (const i of made) {
  const path = audioPath(dir, i.kind, i.id);
  const stat = stats.get(path);
  const verdict = audioVerdict(stat);
  if (verdict) bad.push(`${key(i)} ${i.label}: ${verdict}`);
  if (stat) manifest[key(i)] = { phonemes: i.phonemes, sha1: sha1(path), ...stat };
  else delete manifest[key(i)];
}
// Keep the manifest to files that exist.
for (const k of Object.keys(manifest)) {
  const [kind, id] = k.split("/");
  if (!existsSync(join(dir, "audio", kind ?? "", `${id}.mp3`))) delete manifest[k];
}
writeManifest(dir, manifest);

const seconds = [...stats.values()].flatMap((s) => (s ? [s.seconds] : []));
if (seconds.length)
  console.log(
    `made ${made.length} in ${((Date.now() - started) / 1000).toFixed(1)} s; length ${Math.min(...seconds).toFixed(2)}–${Math.max(...seconds).toFixed(2)} s`,
  );
else console.log("nothing to make");
for (const s of skipped) console.log(`skipped ${s}`);
for (const f of [...failed, ...bad]) console.log(`FAILED ${f}`);
process.exit(failed.length || bad.length ? 1 : 0);
