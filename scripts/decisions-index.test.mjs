// docs/decisions/README.md stays true: every record has a row, every row a record, every status names records that
// exist, and every number without a record is listed as unused or reserved (issue 32).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DIR = join(import.meta.dirname, "..", "docs", "decisions");
const index = readFileSync(join(DIR, "README.md"), "utf8");
const records = new Map(
  readdirSync(DIR)
    .filter((f) => /^\d{4}-.+\.md$/.test(f))
    .map((f) => [Number(f.slice(0, 4)), f]),
);
const rows = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| (.+?) \| (.+) \|$/gm)].map((m) => ({
  n: Number(m[1]),
  file: m[2],
  status: m[4],
}));
/** "0008-0009, 0017" -> [8, 9, 17], from the line that starts with `label:`. */
function listed(label) {
  const line = index.match(new RegExp(`^${label}: ([^(\\n]+)`, "m"))?.[1] ?? "";
  return line
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((range) => {
      const [a, b = a] = range.split("-").map(Number);
      return Array.from({ length: b - a + 1 }, (_, i) => a + i);
    });
}
const pad = (n) => String(n).padStart(4, "0");

describe("the decision records' index", () => {
  it("has one row per record, linking its file", () => {
    expect(rows.map((r) => r.n)).toEqual([...records.keys()].sort((a, b) => a - b));
    for (const r of rows) expect(r.file, pad(r.n)).toBe(records.get(r.n));
  });

  it("gives each record a status that names records that exist", () => {
    for (const r of rows) {
      expect(r.status, pad(r.n)).toMatch(/^(accepted( \(.+\))?|superseded (in part )?by \d{4}\b.*)$/);
      for (const m of r.status.matchAll(/\b(\d{4})\b/g))
        expect(records.has(Number(m[1])), `${pad(r.n)}'s status names ${m[1]}`).toBe(true);
    }
  });

  it("explains every number that has no record, and lists none that has one", () => {
    const unused = listed("Unused");
    const reserved = listed("Reserved");
    const explained = new Set([...unused, ...reserved]);
    const highest = Math.max(...records.keys());
    const gaps = Array.from({ length: highest }, (_, i) => i + 1).filter((n) => !records.has(n));
    expect(gaps.filter((n) => !explained.has(n)).map(pad), "numbers missing from the lists").toEqual([]);
    expect([...explained].filter((n) => records.has(n)).map(pad), "listed numbers that have a record").toEqual([]);
  });
});
