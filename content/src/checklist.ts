// The A1 checklist (content/checklists/a1.json): the words every beginners' course teaches first, each with the
// sources that list it. `content:check` fails when an item is not taught in tier 1 (modules 1-20, 101-199) or
// the beginner module (93); `content:report` prints the share taught.
//
// An item is taught when a tier-1 or beginner entry is spelled as the item (its plain `he`) or, for a verb, has
// the item as its infinitive (`verb`). `gloss` says which sense is meant for a reader; the match is by spelling.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { CONTENT_DIR, type Content, type Issue } from "./load.ts";
import { BEGINNER_MODULE_ID, plainHebrew } from "./schema.ts";

const sourceId = z.string().regex(/^[a-z0-9-]+$/);
export const checklistFile = z
  .strictObject({
    level: z.string().min(1),
    note: z.string().min(1),
    sources: z.record(sourceId, z.strictObject({ name: z.string().min(3), what: z.string().min(3) })),
    groups: z
      .array(
        z.strictObject({
          id: sourceId,
          name: z.string().min(1),
          sources: z.array(sourceId).min(1),
          items: z
            .array(z.strictObject({ he: plainHebrew, gloss: z.string().min(1), sources: z.array(sourceId).optional() }))
            .min(1),
        }),
      )
      .min(1),
  })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    for (const [gi, g] of f.groups.entries())
      for (const [ii, it] of g.items.entries()) {
        for (const s of [...g.sources, ...(it.sources ?? [])])
          if (!(s in f.sources))
            ctx.addIssue({ code: "custom", path: ["groups", gi, "items", ii], message: `unknown source ${s}` });
        const key = `${it.he}|${it.gloss}`;
        if (seen.has(key))
          ctx.addIssue({ code: "custom", path: ["groups", gi, "items", ii], message: `${it.he} listed twice` });
        seen.add(key);
      }
  });
export type Checklist = z.output<typeof checklistFile>;

export const A1_FILE = join(CONTENT_DIR, "checklists", "a1.json");

export function readChecklist(file: string = A1_FILE): { list?: Checklist; problems: Issue[] } {
  const name = "checklists/a1.json";
  if (!existsSync(file)) return { problems: [{ file: name, message: "missing" }] };
  const parsed = checklistFile.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success)
    return { problems: parsed.error.issues.map((i) => ({ file: name, message: `${i.path.join(".")}: ${i.message}` })) };
  return { list: parsed.data, problems: [] };
}

/** Tier 1 for the checklist: modules 1-20 and 101-199 (tier 1 by FORMAT.md) and the beginner module. */
export const isCoreModule = (m: { id: number; tier: number }) => m.id === BEGINNER_MODULE_ID || m.tier === 1;

export type ChecklistCoverage = {
  items: number;
  taught: number;
  share: number;
  /** Per item: the ids of the tier-1 or beginner entries that teach it (empty: not taught). */
  byItem: { group: string; he: string; gloss: string; ids: number[] }[];
};

export function checklistCoverage(c: Pick<Content, "modules">, list: Checklist): ChecklistCoverage {
  const ids = new Map<string, number[]>();
  for (const m of c.modules) {
    if (!isCoreModule(m)) continue;
    for (const w of m.words)
      for (const key of new Set([w.he, ...(w.verb ? [w.verb] : [])])) ids.set(key, [...(ids.get(key) ?? []), w.id]);
  }
  const byItem = list.groups.flatMap((g) =>
    g.items.map((it) => ({ group: g.id, he: it.he, gloss: it.gloss, ids: ids.get(it.he) ?? [] })),
  );
  const taught = byItem.filter((i) => i.ids.length).length;
  return { items: byItem.length, taught, share: byItem.length ? taught / byItem.length : 1, byItem };
}

/** content:check's errors: the checklist's own problems and every item tier 1 and the beginner module lack. */
export function checklistIssues(c: Pick<Content, "modules">, file: string = A1_FILE): Issue[] {
  const { list, problems } = readChecklist(file);
  if (!list) return problems;
  return checklistCoverage(c, list)
    .byItem.filter((i) => !i.ids.length)
    .map((i) => ({
      file: "checklists/a1.json",
      message: `${i.group}: ${i.he} (${i.gloss}) is taught in no tier-1 module and not in the beginner module`,
    }));
}
