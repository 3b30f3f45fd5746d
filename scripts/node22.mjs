// `npm start` and `npm test` on any machine (issue 25.6): runs the npm script named by the first argument under
// Node.js 22 or later. On an older Node (Debian 12 ships 20) it first does what `. scripts/node22.sh` does: installs
// the `node` package of the npm registry (the official binary) into a cache folder once, and puts it first on PATH,
// for that script only, saying so in one line. Written for the old Node it may run under.
//
//   node scripts/node22.mjs <npm script> [args...]
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { constants, homedir } from "node:os";
import { delimiter, join } from "node:path";

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node scripts/node22.mjs <npm script> [args...]");
  process.exit(2);
}
const env = { ...process.env };
if (Number(process.versions.node.split(".")[0]) < 22) {
  // The version and folder are node22.sh's, so that the shell and npm share one copy.
  const sh = readFileSync(join(import.meta.dirname, "node22.sh"), "utf8");
  const version = env.NODE22_VERSION || /NODE22_VERSION:-([\d.]+)/.exec(sh)?.[1];
  const dir = env.NODE22_DIR || join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "ivrit", `node-${version}`);
  const bin = join(dir, "node_modules", ".bin");
  const fresh = !existsSync(join(bin, "node"));
  console.log(
    `Node.js ${process.versions.node} is older than 22: ${fresh ? "installing" : "using"} Node.js ${version} from the ` +
      `npm registry (${dir}) for this command (docs/decisions/0079-node-22-for-npm-start-and-test.md)`,
  );
  if (fresh) {
    const npmArgs = ["install", "--prefix", dir, "--no-audit", "--no-fund", "--no-save", `node@${version}`];
    const r = spawnSync("npm", npmArgs, { stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0 || !existsSync(join(bin, "node"))) {
      console.error(`could not install Node.js ${version} from the npm registry: see above`);
      process.exit(1);
    }
  }
  env.PATH = `${bin}${delimiter}${env.PATH ?? ""}`;
  // Native addons (node-gyp) build against this Node's headers, not the system's.
  const nested = join(dir, "node_modules", "node", "node_modules");
  for (const d of existsSync(nested) ? readdirSync(nested) : [])
    if (/^node-.+-.+$/.test(d) && existsSync(join(nested, d, "include", "node")))
      env.npm_config_nodedir = join(nested, d);
}
const child = spawn("npm", ["run", script, ...(args.length ? ["--", ...args] : [])], { stdio: "inherit", env });
// A stop sent to this process (npm forwards its own) goes on to the script: the server stops cleanly.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1)));
