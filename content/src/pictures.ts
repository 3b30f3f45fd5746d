// Pictures of concrete words (issue 28.3, decision 0104). A word's `picture` names a Twemoji SVG of the @twemoji/svg
// package (jdecked's Twemoji graphics, CC BY 4.0, credited on the privacy page). The rules, checked by
// `npm run content:check`:
// - the package has the file (a typo or a code point the package lacks fails);
// - the word is a noun or a numeral, or the allowlist's `pictures` names it with a reason (a colour adjective's
//   square): verbs, adjectives and abstract words get no picture unless it is unmistakable;
// - no two entries of one module share a picture: the picture question (Hebrew -> picture) would have two right
//   answers.
// Whether the picture shows that very word and not a cousin (🐕 for כלב, not for גור) is for the second reader:
// /work/notes/pictures.tsv lists every picture with its word.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { Content, Issue } from "./load.ts";

/** Parts of speech that take a picture without an allowlist entry. */
export const PICTURE_POS: readonly string[] = ["noun", "numeral"];

/** The folder of the @twemoji/svg package (its SVGs are at the top level, `1f34e.svg`). */
export function twemojiDir(): string {
  return dirname(createRequire(import.meta.url).resolve("@twemoji/svg/package.json"));
}

/** The file names (without ".svg") the package holds. */
export function twemojiFiles(dir: string = twemojiDir()): Set<string> {
  return new Set(
    readdirSync(dir)
      .filter((f) => f.endsWith(".svg"))
      .map((f) => f.slice(0, -4)),
  );
}

/** Problems with the words' pictures: a file the package lacks, a part of speech that takes none, a module's twin. */
export function pictureIssues(
  c: Pick<Content, "modules" | "moduleFiles" | "allowlist">,
  files: ReadonlySet<string>,
): Issue[] {
  const issues: Issue[] = [];
  for (const m of c.modules) {
    const file = c.moduleFiles[m.id] ?? `modules/${m.id}`;
    const seen = new Map<string, number>();
    for (const w of m.words) {
      if (!w.picture) continue;
      const say = (message: string) =>
        issues.push({ file, id: w.id, message: `${w.he}: picture ${w.picture}: ${message}` });
      if (!files.has(w.picture)) say("@twemoji/svg has no such file");
      if (!PICTURE_POS.includes(w.pos) && !c.allowlist.pictures[String(w.id)])
        say(`a ${w.pos} takes a picture only when it is unmistakable (allowlist "pictures", with the reason)`);
      const twin = seen.get(w.picture);
      if (twin !== undefined) say(`also the picture of ${twin} in this module (a picture question with two answers)`);
      else seen.set(w.picture, w.id);
    }
  }
  return issues;
}

/** How many entries have a picture, per module and in all. */
export function pictureCounts(c: Pick<Content, "modules">): { total: number; byModule: Map<number, number> } {
  const byModule = new Map<number, number>();
  for (const m of c.modules) {
    const n = m.words.filter((w) => w.picture).length;
    if (n) byModule.set(m.id, n);
  }
  return { total: [...byModule.values()].reduce((a, b) => a + b, 0), byModule };
}
