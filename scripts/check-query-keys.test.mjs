// The query-key check (check-query-keys.mjs) on the real web app and on files written here with literal keys.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { literalKeys } from "./check-query-keys.mjs";

describe("query keys come from the factory", () => {
  it("the web app has no literal key", () => {
    expect(literalKeys(join(import.meta.dirname, "..", "web", "src"))).toEqual([]);
  });

  it("finds a literal key and a literal in setQueryData; the factory and its keys pass", () => {
    const dir = mkdtempSync(join(tmpdir(), "keys-"));
    try {
      mkdirSync(join(dir, "api"));
      writeFileSync(join(dir, "api", "query-keys.ts"), 'export const queryKeys = { a: () => ["a"] as const };\n');
      writeFileSync(join(dir, "good.ts"), "useQuery({ queryKey: queryKeys.a(), queryFn });\n");
      writeFileSync(join(dir, "bad.tsx"), 'const x = 1;\nclient.invalidateQueries({ queryKey: ["review"] });\n');
      writeFileSync(join(dir, "bad2.ts"), 'client.setQueryData(["me", "profile"], me);\n');
      const found = literalKeys(dir);
      expect(found).toHaveLength(2);
      expect(found.some((f) => /bad\.tsx:2:/.test(f))).toBe(true);
      expect(found.some((f) => /bad2\.ts:1:/.test(f))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
