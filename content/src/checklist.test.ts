import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Checklist, checklistCoverage, checklistIssues, readChecklist } from "./checklist.ts";
import type { Content } from "./load.ts";

const w = (id: number, he: string, verb?: string) => ({ id, he, ...(verb ? { verb } : {}) });
const content = (modules: { id: number; tier: number; words: ReturnType<typeof w>[] }[]) =>
  ({ modules }) as unknown as Pick<Content, "modules">;
const list: Checklist = {
  level: "A1",
  note: "test",
  sources: { hfs: { name: "Hebrew from Scratch", what: "its first units" } },
  groups: [
    {
      id: "core",
      name: "core",
      sources: ["hfs"],
      items: [
        { he: "אני", gloss: "I" },
        { he: "למצוא", gloss: "to find" },
        { he: "צלחת", gloss: "plate" },
      ],
    },
  ],
};

describe("A1 checklist", () => {
  it("counts an item taught by a tier-1 or beginner entry's spelling or a verb's infinitive", () => {
    const c = content([
      { id: 93, tier: 1, words: [w(93089, "אני")] },
      { id: 126, tier: 1, words: [w(126021, "מוצא", "למצוא")] },
      { id: 213, tier: 2, words: [w(213010, "צלחת")] },
    ]);
    const cov = checklistCoverage(c, list);
    expect(cov.byItem.map((i) => [i.he, i.ids])).toEqual([
      ["אני", [93089]],
      ["למצוא", [126021]],
      ["צלחת", []],
    ]);
    expect([cov.taught, cov.items]).toEqual([2, 3]);
  });
  it("fails content:check on an item tier 1 lacks, and on an unknown source", () => {
    const dir = mkdtempSync(join(tmpdir(), "checklist-"));
    try {
      const file = join(dir, "a1.json");
      writeFileSync(file, JSON.stringify(list));
      const c = content([{ id: 4, tier: 1, words: [w(4001, "אני"), w(4002, "למצוא", "למצוא")] }]);
      expect(checklistIssues(c, file).map((i) => i.message)).toEqual([
        "core: צלחת (plate) is taught in no tier-1 module and not in the beginner module",
      ]);
      const withPlate = content([{ id: 4, tier: 1, words: [w(4001, "אני"), w(4002, "למצוא"), w(4003, "צלחת")] }]);
      expect(checklistIssues(withPlate, file)).toEqual([]);
      const bad = { ...list, groups: [{ ...list.groups[0], sources: ["nowhere"] }] };
      writeFileSync(file, JSON.stringify(bad));
      expect(
        readChecklist(file)
          .problems.map((p) => p.message)
          .join(),
      ).toContain("unknown source nowhere");
      expect(checklistIssues(c, join(dir, "none.json"))[0]?.message).toBe("missing");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("the repository's checklist is valid and names its sources", () => {
    const { list: real, problems } = readChecklist();
    expect(problems).toEqual([]);
    expect(Object.keys(real?.sources ?? {}).length).toBeGreaterThanOrEqual(3);
    expect(real?.groups.reduce((n, g) => n + g.items.length, 0)).toBeGreaterThan(300);
  });
});
