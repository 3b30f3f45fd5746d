// `npm start` and `npm test` call this first: it installs the locked dependencies (npm ci) when node_modules is
// missing or was installed from another package-lock.json, and does nothing otherwise, so a start with nothing
// changed does not reinstall. The marker holds the sha256 of the lock file that the last successful install used.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  console.error(
    `Node.js ${process.versions.node} is too old: this project needs Node.js 22.12 or later (docs/decisions/0022-node-22.md).\n` +
      "Install it with your system's packages or nvm, or run `. scripts/node22.sh` in this shell (it installs Node 22 " +
      "from the npm registry into ~/.cache/ivrit and puts it first on PATH), then run the command again.",
  );
  process.exit(1);
}
const marker = join(root, "node_modules", ".ivrit-install");
const hash = createHash("sha256")
  .update(readFileSync(join(root, "package-lock.json")))
  .digest("hex");

if (existsSync(marker) && readFileSync(marker, "utf8").trim() === hash) process.exit(0);
console.log("installing the locked dependencies (npm ci)...");
const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
if (r.status !== 0) {
  console.error("npm ci failed: see above. The lock file must match package.json (node scripts/lock-platforms.mjs).");
  process.exit(r.status ?? 1);
}
writeFileSync(marker, `${hash}\n`);
