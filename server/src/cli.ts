// Operator commands: `npm run cli -w server -- <command>`.
//   content:load [--force]                 load content/ into the database and print counts
//   plan:grant <userId> <plus|pro> [--expires <ISO date>]
//   plan:revoke <userId> [plus|pro]
//   plan:show <userId>
import { parseArgs } from "node:util";
import { isPlan } from "@ivrit/core/plans";
import { ContentError, syncContent } from "./content/sync.ts";
import { createDb } from "./db/client.ts";
import { parseEnv } from "./env.ts";
import { grantPlan, planOf, revokePlan } from "./users.ts";

const USAGE = `usage:
  content:load [--force]
  plan:grant <userId> <plus|pro> [--expires <ISO date>]
  plan:revoke <userId> [plus|pro]
  plan:show <userId>`;
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
  const database = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
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
        await grantPlan(database.db, id, planArg, expires);
        const p = await planOf(database.db, id);
        console.log(
          `granted ${planArg} to ${id}${expires ? ` until ${expires.toISOString()}` : ""}; plan now ${p.plan}`,
        );
        break;
      }
      case "plan:revoke": {
        const id = userId();
        if (planArg !== undefined && (!isPlan(planArg) || planArg === "free"))
          fail(`plan must be plus or pro\n${USAGE}`);
        const n = await revokePlan(database.db, id, planArg as "plus" | "pro" | undefined);
        console.log(`revoked ${n} entitlement(s) of ${id}; plan now ${(await planOf(database.db, id)).plan}`);
        break;
      }
      case "plan:show": {
        const p = await planOf(database.db, userId());
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

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
