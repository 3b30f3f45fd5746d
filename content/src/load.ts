// Reads and validates every content file. Pure data in, plain data out: used by the checker, the report
// and the server's loader. Nothing happens at import time.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { z } from "zod";
import {
  fieldsFile,
  type letter,
  letter as letterSchema,
  letterVowel,
  type moduleFile,
  moduleFile as moduleSchema,
  type nikkud,
  nikkud as nikkudSchema,
  rootsFile,
} from "./schema.ts";

export const CONTENT_DIR = join(import.meta.dirname, "..");

export type Content = {
  modules: z.output<typeof moduleFile>[];
  roots: Map<string, z.output<typeof rootsFile>[string]>;
  fields: z.output<typeof fieldsFile>;
  letters: z.output<typeof letter>[];
  nikkud: z.output<typeof nikkud>[];
  letterVowels: z.output<typeof letterVowel>[];
  /** sha256 over every file read, in a stable order: the loader reloads when it changes. */
  hash: string;
  /** Problems found while reading (file, message). An empty list means the content can be loaded. */
  problems: { file: string; message: string }[];
};

function jsonFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => join(dir, f))
    : [];
}

export function loadContent(dir: string = CONTENT_DIR): Content {
  const problems: Content["problems"] = [];
  const hash = createHash("sha256");
  function read<S extends z.ZodType>(file: string, schema: S): z.output<S> | undefined {
    const name = relative(dir, file);
    let raw: string;
    try {
      raw = readFileSync(file, "utf8");
    } catch {
      return undefined;
    }
    hash.update(name).update("\0").update(raw).update("\0");
    if (raw !== raw.normalize("NFC")) problems.push({ file: name, message: "not in Unicode NFC" });
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      problems.push({ file: name, message: `invalid JSON: ${(e as Error).message}` });
      return undefined;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ file: name, message: `${issue.path.join(".")}: ${issue.message}` });
      return undefined;
    }
    return parsed.data;
  }

  const modules = jsonFiles(join(dir, "modules"))
    .map((f) => read(f, moduleSchema))
    .filter((m) => m !== undefined);
  const roots: Content["roots"] = new Map();
  for (const f of jsonFiles(join(dir, "roots"))) {
    for (const [key, meaning] of Object.entries(read(f, rootsFile) ?? {})) {
      if (roots.has(key)) problems.push({ file: relative(dir, f), message: `root ${key} is defined in two files` });
      roots.set(key, meaning);
    }
  }
  const fields = read(join(dir, "fields.json"), fieldsFile) ?? [];
  const b = join(dir, "beginner");
  const letters = read(join(b, "letters.json"), letterSchema.array()) ?? [];
  const nikkudList = read(join(b, "nikkud.json"), nikkudSchema.array()) ?? [];
  const letterVowels = read(join(b, "letter-vowel.json"), letterVowel.array()) ?? [];
  return { modules, roots, fields, letters, nikkud: nikkudList, letterVowels, hash: hash.digest("hex"), problems };
}
