// The pronunciation files the content needs (content/audio/<kind>/<id>.mp3), what each is made from, and the
// sox measurements that show a file is real speech: longer than 0.3 s and not silent.
//
// content/audio/manifest.json records, for each file, the phonemes it was made from, the sha1 of its bytes and
// its sox measurements. The checker trusts a measurement only while the file's sha1 is unchanged and measures
// every other file with sox (starting ~1,800 sox processes costs seconds; hashing the files costs milliseconds).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { Content } from "./load.ts";
import { toEspeak } from "./translit.ts";

export type AudioKind = "words" | "letters" | "letter-vowel";
export type AudioItem = { kind: AudioKind; id: number; label: string; translit: string; phonemes: string };

export const MIN_SECONDS = 0.3;
/** Peak amplitude below which a file counts as silent (full scale is 1). */
export const SILENT_PEAK = 0.02;

export const audioPath = (dir: string, kind: AudioKind, id: number) => join(dir, "audio", kind, `${id}.mp3`);

/** Every word, letter and letter + vowel combination, with the espeak-ng phonemes its audio says. */
export function audioItems(c: Pick<Content, "modules" | "letters" | "letterVowels">): AudioItem[] {
  const items: AudioItem[] = [];
  const add = (kind: AudioKind, id: number, label: string, translit: string) => {
    let phonemes = "";
    try {
      phonemes = toEspeak(translit);
    } catch {
      // an unreadable transliteration is reported by the loader
    }
    items.push({ kind, id, label, translit, phonemes });
  };
  for (const m of c.modules) for (const w of m.words) add("words", w.id, w.he, w.translit);
  for (const l of c.letters) add("letters", l.id, l.letter, l.sound);
  for (const lv of c.letterVowels) add("letter-vowel", lv.id, lv.text, lv.translit);
  return items;
}

export type SoxStat = { seconds: number; peak: number; rms: number };

/** Parses `sox file -n stat` (printed on stderr). */
export function parseSoxStat(text: string): SoxStat | undefined {
  const num = (label: string) => {
    const m = text.match(new RegExp(`^${label}:\\s+(-?[0-9.eE+-]+)`, "m"));
    return m?.[1] === undefined ? undefined : Number(m[1]);
  };
  const seconds = num("Length \\(seconds\\)");
  const max = num("Maximum amplitude");
  const min = num("Minimum amplitude");
  const rms = num("RMS\\s+amplitude");
  if (seconds === undefined || max === undefined || min === undefined || rms === undefined) return undefined;
  return { seconds, peak: Math.max(Math.abs(max), Math.abs(min)), rms };
}

export function audioVerdict(stat: SoxStat | undefined): string | undefined {
  if (!stat) return "sox cannot read it";
  if (stat.seconds <= MIN_SECONDS) return `too short (${stat.seconds.toFixed(2)} s)`;
  if (stat.peak < SILENT_PEAK) return `silent (peak ${stat.peak.toFixed(3)})`;
  return undefined;
}

const SEP = "@@ivrit-audio@@";

/**
 * Runs `sox <file> -n stat` on every file, a few shells in parallel, each looping over a share of the files
 * (one process start per file is the cost, so the work is spread over every core).
 */
export async function soxStats(
  files: readonly string[],
  jobs = availableParallelism() * 3,
): Promise<Map<string, SoxStat | undefined>> {
  const result = new Map<string, SoxStat | undefined>();
  if (!files.length) return result;
  const size = Math.ceil(files.length / Math.max(1, jobs));
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += size) chunks.push(files.slice(i, i + size));
  const script = `for f in "$@"; do echo "${SEP} $f" >&2; sox "$f" -n stat; done`;
  await Promise.all(
    chunks.map(
      (chunk) =>
        new Promise<void>((resolve, reject) => {
          execFile("sh", ["-c", script, "sh", ...chunk], { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
            if (error && !stderr) return reject(error);
            for (const part of stderr.split(`${SEP} `).slice(1)) {
              const nl = part.indexOf("\n");
              const file = nl < 0 ? part : part.slice(0, nl);
              result.set(file, parseSoxStat(part));
            }
            resolve();
          });
        }),
    ),
  );
  return result;
}

export const MANIFEST = "audio/manifest.json";
export type ManifestEntry = { phonemes: string; sha1: string } & SoxStat;
export type Manifest = Record<string, ManifestEntry>;

/** content/audio/manifest.json: "words/3012" -> what the file was made from, its sha1 and measurements. */
export function readManifest(dir: string): Manifest {
  try {
    const raw = JSON.parse(readFileSync(join(dir, MANIFEST), "utf8")) as Record<string, unknown>;
    const out: Manifest = {};
    for (const [k, v] of Object.entries(raw)) {
      const e = v as Partial<ManifestEntry> | null;
      if (e && typeof e.phonemes === "string" && typeof e.sha1 === "string")
        out[k] = {
          phonemes: e.phonemes,
          sha1: e.sha1,
          seconds: Number(e.seconds),
          peak: Number(e.peak),
          rms: Number(e.rms),
        };
    }
    return out;
  } catch {
    return {};
  }
}

/** Writes the manifest sorted by kind and id, one file per line. */
export function writeManifest(dir: string, manifest: Manifest): void {
  const entries = Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }));
  const line = ([k, e]: [string, ManifestEntry]) =>
    `  ${JSON.stringify(k)}: ${JSON.stringify({ phonemes: e.phonemes, sha1: e.sha1, seconds: round(e.seconds), peak: round(e.peak), rms: round(e.rms) })}`;
  writeFileSync(join(dir, MANIFEST), `{\n${entries.map(line).join(",\n")}\n}\n`);
}

const round = (n: number) => Math.round(n * 10000) / 10000;

export function sha1(file: string): string {
  return createHash("sha1").update(readFileSync(file)).digest("hex");
}
