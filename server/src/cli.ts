// Operator commands: `npm run cli -w server -- <command>`.
//   content:load [--force]                 load content/ into the database and print counts
//   plan:grant <userId> <plus|pro> [--expires <ISO date>]
//   plan:revoke <userId> [plus|pro]
//   plan:show <userId>
//   backup [file]                          a backup of the embedded database, while the server runs or not
//   restore <file>                         a backup into DATA_DIR, which must be empty and not in use
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { isPlan } from "@ivrit/core/plans";
import { sql } from "drizzle-orm";
import { ContentError, syncContent } from "./content/sync.ts";
import { type BackupResult, backupName, foreignEntries, unpackBackup } from "./db/backup.ts";
import { createDb, initDataDir, queryRows } from "./db/client.ts";
import { lockDataDir, requestHolder } from "./db/lock.ts";
import { type Env, parseEnv } from "./env.ts";
import { grantPlan, learnerOfDevice, planOf, revokePlan } from "./users.ts";

const USAGE = `usage:
  content:load [--force]
  plan:grant <userId> <plus|pro> [--expires <ISO date>]
  plan:revoke <userId> [plus|pro]
  plan:show <userId>
  backup [file]
  restore <file>`;
/** A path the operator typed, from where they typed it (npm runs this script from server/; INIT_CWD is theirs). */
const fromUser = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, expires: { type: "string" } },
  });
  const [command, userArg, planArg] = positionals;
  if (!command) fail(USAGE);
  const env = parseEnv();
  if (command === "backup" || command === "restore") {
    if (env.DATABASE_URL)
      fail("backup and restore are for the embedded database: on PostgreSQL use pg_dump and pg_restore (README)");
    if (command === "backup") return backup(env, userArg);
    if (!userArg) fail(`restore needs the backup file\n${USAGE}`);
    return restore(env, fromUser(userArg));
  }
  const database = await createDb({
    databaseUrl: env.DATABASE_URL,
    directUrl: env.DATABASE_DIRECT_URL,
    dataDir: env.DATA_DIR,
  });
  try {
    await database.exclusive(() => database.migrate());
    const userId = () => {
      if (!userArg || !UUID.test(userArg)) fail(`userId must be a UUID\n${USAGE}`);
      return userArg.toLowerCase();
    };
    switch (command) {
      case "content:load": {
        const started = Date.now();
        const r = await syncContent(database, {
          force: values.force,
          ...(env.CONTENT_DIR && { dir: env.CONTENT_DIR }),
        });
        console.log(
          `${r.loaded ? "loaded" : "unchanged"} (${database.kind}) in ${Date.now() - started} ms: ${r.modules} modules, ${r.words} words, ${r.roots} roots, ${r.letters} letters; hash ${r.hash.slice(0, 12)}`,
        );
        break;
      }
      case "plan:grant": {
        const id = userId();
        if (planArg !== "plus" && planArg !== "pro") fail(`plan must be plus or pro\n${USAGE}`);
        const expires = values.expires ? new Date(values.expires) : null;
        if (expires && Number.isNaN(expires.getTime())) fail("--expires must be a date, e.g. 2027-01-31T00:00:00Z");
        const learner = await grantPlan(database.db, id, planArg, expires);
        const p = await planOf(database.db, learner);
        console.log(
          `granted ${planArg} to ${id}${expires ? ` until ${expires.toISOString()}` : ""}; plan now ${p.plan}`,
        );
        break;
      }
      case "plan:revoke": {
        const id = userId();
        if (planArg !== undefined && (!isPlan(planArg) || planArg === "free"))
          fail(`plan must be plus or pro\n${USAGE}`);
        const learner = await learnerOfDevice(database.db, id);
        const n = await revokePlan(database.db, learner, planArg as "plus" | "pro" | undefined);
        console.log(`revoked ${n} entitlement(s) of ${id}; plan now ${(await planOf(database.db, learner)).plan}`);
        break;
      }
      case "plan:show": {
        const p = await planOf(database.db, await learnerOfDevice(database.db, userId()));
        console.log(`${p.plan} (tier ${p.tier})${p.expiresAt ? ` until ${p.expiresAt.toISOString()}` : ""}`);
        break;
      }
      default:
        fail(`unknown command ${command}\n${USAGE}`);
    }
  } catch (e) {
    if (e instanceof ContentError) {
      for (const p of e.problems) console.error(`  ${p.file}: ${p.message}`);
      fail(`content not loaded: ${e.problems.length} problem(s)`);
    }
    throw e;
  } finally {
    await database.close();
  }
}

/** The server takes the backup when it runs (asked through the data directory's lock); else this process does. */
async function backup(env: Env, fileArg: string | undefined) {
  const file = fromUser(fileArg ?? join(env.BACKUP_DIR ?? ".", backupName()));
  let result: BackupResult;
  try {
    result = (await requestHolder(env.DATA_DIR, { request: "backup", file })) as BackupResult;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ECONNREFUSED") throw e; // no token file, or nobody holds the directory
    if (!existsSync(join(env.DATA_DIR, "PG_VERSION"))) fail(`DATA_DIR ${env.DATA_DIR} holds no database`);
    const database = await createDb({ dataDir: env.DATA_DIR });
    try {
      result = await (database.backup as NonNullable<typeof database.backup>)(file);
    } finally {
      await database.close();
    }
  }
  const mb = (result.bytes / 1048576).toFixed(1);
  console.log(`backup written: ${result.file} (${mb} MB in ${result.ms} ms; writes waited ${result.pausedMs} ms)`);
}

async function restore(env: Env, file: string) {
  const started = Date.now();
  const lock = await lockDataDir(env.DATA_DIR); // refuses a directory a server is using
  try {
    const there = foreignEntries(env.DATA_DIR);
    if (there.length)
      fail(
        `DATA_DIR ${env.DATA_DIR} is not empty (${there.slice(0, 3).join(", ")}${there.length > 3 ? ", …" : ""}): ` +
          "restore into an empty directory, and move the old one aside first if it is to be replaced",
      );
    initDataDir(env.DATA_DIR, await unpackBackup(file, env.DATA_DIR));
  } finally {
    await lock.release();
  }
  const database = await createDb({ dataDir: env.DATA_DIR });
  try {
    const rows = await queryRows<{ events: number; users: number }>(
      database.db,
      sql`select (select count(*) from review_history)::int as events, (select count(*) from users)::int as users`,
    );
    console.log(
      `restored ${file} into ${env.DATA_DIR} in ${Date.now() - started} ms: ${rows[0]?.users} users, ${rows[0]?.events} review events`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
