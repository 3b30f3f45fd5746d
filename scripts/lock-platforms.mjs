// Keeps package-lock.json complete for `npm ci`. Biome ships its binary as optional per-platform packages; the
// registry this project installs from serves only the Linux glibc ones, so when npm writes the lock file here it
// drops the entries it could not fetch, and `npm ci` then refuses the lock file as out of sync with package.json.
// The missing entries are written back with their os/cpu/libc fields: npm ci sees a complete tree and skips them
// on this platform, as it would on any other, without fetching them. Runs after every install (postinstall) and in
// `--check` mode in the tests. Idempotent.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LOCK = join(import.meta.dirname, "..", "package-lock.json");
// package name suffix -> platform fields, as the packages themselves declare them
const PLATFORMS = {
  "cli-android-arm64": { os: ["android"], cpu: ["arm64"] },
  "cli-android-x64": { os: ["android"], cpu: ["x64"] },
  "cli-darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "cli-darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "cli-linux-arm64": { os: ["linux"], cpu: ["arm64"], libc: ["glibc"] },
  "cli-linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
  "cli-linux-x64": { os: ["linux"], cpu: ["x64"], libc: ["glibc"] },
  "cli-linux-x64-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
  "cli-win32-arm64": { os: ["win32"], cpu: ["arm64"] },
  "cli-win32-x64": { os: ["win32"], cpu: ["x64"] },
};

const check = process.argv.includes("--check");
const text = readFileSync(LOCK, "utf8");
const lock = JSON.parse(text);
const biome = lock.packages["node_modules/@biomejs/biome"];
if (!biome) process.exit(0);
const missing = [];
for (const [name, version] of Object.entries(biome.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const platform = PLATFORMS[name.replace("@biomejs/", "")];
  if (!platform) throw new Error(`lock-platforms: no platform fields known for ${name}: add them to PLATFORMS`);
  missing.push(name);
  lock.packages[key] = { version, dev: true, license: biome.license, optional: true, ...platform };
}
if (missing.length === 0) process.exit(0);
if (check) {
  console.error(`package-lock.json lacks ${missing.join(", ")}: run \`node scripts/lock-platforms.mjs\``);
  process.exit(1);
}
// Keep npm's own order (keys sorted) so that the next npm install rewrites nothing.
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, "en")));
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${missing.length} platform entries (${missing.join(", ")})`);
