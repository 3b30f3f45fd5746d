// A start on an embedded database (decision 0078): the content-load child runs for a new directory, a content
// change (or a pending migration: not tested here, it needs a migration newer than the code's), and not otherwise
// (the directory is then opened once).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { boot } from "../src/boot.ts";
import { FIXTURE_CONTENT } from "./helpers.ts";

describe("starting on an embedded database", () => {
  const dir = mkdtempSync(join(tmpdir(), "ivrit-boot-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("loads content in the child only when the files changed", async () => {
    const dataDir = join(dir, "data");
    const contentDir = join(dir, "content");
    cpSync(FIXTURE_CONTENT, contentDir, { recursive: true });
    /** Boots, answers what the child did (null: it did not run) and the first word's English, then closes. */
    const start = async () => {
      const b = await boot({ dataDir, contentDir });
      try {
        const word = b.cache.current.wordById.get(1001);
        return { sync: b.sync && { loaded: b.sync.loaded }, en: word?.tr.en, db: b.database };
      } finally {
        if (b.sync === null) await b.database.db.execute(sql`select 1`); // the one it opened serves
        await b.close();
      }
    };
    expect((await start()).sync).toEqual({ loaded: true }); // a new directory
    const again = await start();
    expect(again.sync).toBeNull(); // nothing changed: no child, one open
    expect(again.en).toBe("table");

    const file = join(contentDir, "modules", "01-home.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"en": "table"', '"en": "a table"'));
    const changed = await start();
    expect(changed.sync).toEqual({ loaded: true });
    expect(changed.en).toBe("a table");
    expect((await start()).sync).toBeNull();
  }, 240_000);
});
