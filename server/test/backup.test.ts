// Backups of the embedded database (decision 0071): `cli backup` while the server serves writes (3 clients), `cli
// restore` into an empty directory, every write acknowledged before the backup was asked for in the restored
// database; restore refuses a directory a server uses, or one that holds a database; scheduled backups keep
// BACKUP_KEEP.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../src/env.ts";
import { FIXTURE_CONTENT, SERVER_DIR } from "./helpers.ts";
import { startServer, startsTimeout } from "./process.ts";

/** The CLI as `npm run cli` runs it, from its source. */
function cli(args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(SERVER_DIR, "src", "cli.ts"), ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (status) => resolve({ status, output }));
  });
}

describe("the backup and checkpoint variables", () => {
  it("take durations with a unit, need BACKUP_DIR, and are refused with DATABASE_URL", () => {
    expect(parseEnv({})).toMatchObject({ CHECKPOINT_EVERY: 300_000, BACKUP_KEEP: 7 });
    expect(parseEnv({ BACKUP_DIR: "/b", BACKUP_EVERY: "6h", CHECKPOINT_EVERY: "90s" })).toMatchObject({
      BACKUP_EVERY: 21_600_000,
      CHECKPOINT_EVERY: 90_000,
    });
    expect(() => parseEnv({ BACKUP_DIR: "/b", BACKUP_EVERY: "6" })).toThrow(/BACKUP_EVERY: must be a whole number/);
    expect(() => parseEnv({ BACKUP_EVERY: "1d" })).toThrow(/BACKUP_EVERY: needs BACKUP_DIR/);
    expect(() => parseEnv({ BACKUP_DIR: "/b", DATABASE_URL: "postgres://h/db" })).toThrow(/BACKUP_DIR: .*pg_dump/);
    expect(() => parseEnv({ BACKUP_DIR: "/b", BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
  });
});

describe("backups of the embedded database", () => {
  const root = mkdtempSync(join(tmpdir(), "ivrit-backup-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("holds every write acknowledged before it was asked for, taken while writes go on", {
    timeout: startsTimeout(1, 120_000),
  }, async () => {
    const dataDir = join(root, "data");
    const backupDir = join(root, "scheduled");
    const server = await startServer({
      DATA_DIR: dataDir,
      CONTENT_DIR: FIXTURE_CONTENT,
      RATE_LIMIT_MAX: "1000000",
      RATE_LIMIT_ADDRESS_MAX: "1000000",
      // Scheduled backups too, every 2 s after the first (10 s after the start), two kept.
      BACKUP_DIR: backupDir,
      BACKUP_EVERY: "2s",
      BACKUP_KEEP: "2",
      LOG_LEVEL: "info",
    });
    const user = randomUUID();
    const acked: string[] = [];
    let sent = 0;
    let writing = true;
    const writers = Array.from({ length: 3 }, async () => {
      while (writing) {
        const id = `e${sent++}`;
        const event = { id, wordId: 1001 + (sent % 6), at: new Date().toISOString(), game: "review", outcome: "right" };
        const r = await fetch(`${server.url}/api/review/events`, {
          method: "POST",
          headers: { "x-anonymous-id": user, "content-type": "application/json" },
          body: JSON.stringify({ events: [event] }),
        });
        if (r.status === 200) acked.push(id);
      }
    });
    const file = join(root, "manual.tar.gz");
    let before: string[] = [];
    let during = 0;
    try {
      while (acked.length < 50) await new Promise((r) => setTimeout(r, 50));
      before = [...acked];
      const backup = await cli(["backup", file], { DATA_DIR: dataDir });
      during = acked.length - before.length;
      console.log(`${backup.output.trim()}; ${before.length} acknowledged before, ${during} during`);
      expect(backup.status, backup.output).toBe(0);
      expect(backup.output).toContain(`backup written: ${file}`);

      const inUse = await cli(["restore", file], { DATA_DIR: dataDir });
      expect(inUse.status).not.toBe(0);
      expect(inUse.output).toContain(`DATA_DIR ${dataDir} is in use by process ${server.child.pid}`);

      // Until the scheduled backups ran three times: two are kept.
      const scheduled = () => server.output().split('"msg":"backup written"').length - 1;
      while (scheduled() < 3) await new Promise((r) => setTimeout(r, 200));
    } finally {
      writing = false;
      await Promise.allSettled(writers);
      await server.stop();
    }
    expect(during, "writes went on while the backup was taken").toBeGreaterThan(0);
    expect(readdirSync(backupDir).filter((n) => n.endsWith(".tar.gz"))).toHaveLength(2);

    const holdsOne = await cli(["restore", file], { DATA_DIR: dataDir });
    expect(holdsOne.status).not.toBe(0);
    expect(holdsOne.output).toContain("is not empty");

    const restoredDir = join(root, "restored");
    const restore = await cli(["restore", file], { DATA_DIR: restoredDir });
    console.log(restore.output.trim());
    expect(restore.status, restore.output).toBe(0);
    const { createDb } = await import("../src/db/client.ts");
    const { reviewEvents } = await import("../src/db/schema.ts");
    const database = await createDb({ dataDir: restoredDir });
    try {
      const stored = new Set(
        (await database.db.select({ id: reviewEvents.clientEventId }).from(reviewEvents)).map((r) => r.id),
      );
      expect(before.filter((id) => !stored.has(id))).toEqual([]);
      expect(stored.size).toBeLessThanOrEqual(sent);
    } finally {
      await database.close();
    }
  });
});
