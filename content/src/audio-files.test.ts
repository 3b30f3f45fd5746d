import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { audioItems, audioVerdict, MANIFEST, parseSoxStat, readManifest, writeManifest } from "./audio-files.ts";

const STAT = `Samples read:             25344
Length (seconds):      1.149388
Scaled by:         2147483647.0
Maximum amplitude:     0.855260
Minimum amplitude:    -0.877948
Midline amplitude:    -0.011344
Mean    norm:          0.036930
Mean    amplitude:     0.000092
RMS     amplitude:     0.081199
Maximum delta:         0.253070
`;

describe("parseSoxStat", () => {
  it("reads length, peak and RMS", () => {
    expect(parseSoxStat(STAT)).toEqual({ seconds: 1.149388, peak: 0.877948, rms: 0.081199 });
    expect(parseSoxStat("sox FAIL formats: can't open input file")).toBeUndefined();
  });
});

describe("audioVerdict", () => {
  it("wants more than 0.3 s of sound", () => {
    expect(audioVerdict({ seconds: 1.1, peak: 0.8, rms: 0.08 })).toBeUndefined();
    expect(audioVerdict({ seconds: 0.2, peak: 0.8, rms: 0.08 })).toMatch(/too short/);
    expect(audioVerdict({ seconds: 0.9, peak: 0, rms: 0 })).toMatch(/silent/);
    expect(audioVerdict(undefined)).toMatch(/cannot read/);
  });
});

describe("audioItems", () => {
  it("lists words, letters and combinations with their phonemes", () => {
    const items = audioItems({
      modules: [{ words: [{ id: 93001, he: "שלום", translit: "sha-LOM" }] }],
      letters: [{ id: 1, letter: "א", sound: "a-LEF" }],
      letterVowels: [{ id: 201, text: "בָּ", translit: "ba" }],
    } as unknown as Parameters<typeof audioItems>[0]);
    expect(items.map((i) => [i.kind, i.id, i.phonemes])).toEqual([
      ["words", 93001, "[[Sa'lom]]"],
      ["letters", 1, "[[a'lef]]"],
      ["letter-vowel", 201, "[['ba]]"],
    ]);
  });
});

describe("manifest", () => {
  it("round-trips entries and drops malformed ones", () => {
    const dir = mkdtempSync(join(tmpdir(), "manifest-"));
    mkdirSync(join(dir, "audio"));
    writeManifest(dir, {
      "words/10": { phonemes: "[[b]]", sha1: "b", seconds: 1.23456789, peak: 0.5, rms: 0.1 },
      "words/9": { phonemes: "[[a]]", sha1: "a", seconds: 1, peak: 0.5, rms: 0.1 },
    });
    const text = readFileSync(join(dir, MANIFEST), "utf8");
    expect(text.indexOf("words/9")).toBeLessThan(text.indexOf("words/10"));
    expect(readManifest(dir)["words/10"]?.seconds).toBe(1.2346);
    writeFileSync(join(dir, MANIFEST), JSON.stringify({ "words/1": "[[old]]" }));
    expect(readManifest(dir)).toEqual({});
    rmSync(dir, { recursive: true });
  });
});
