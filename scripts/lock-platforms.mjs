// Keeps package-lock.json complete for `npm ci`. Biome ships its binary, and the FSRS optimizer
// (@open-spaced-repetition/binding, decision 0109) its native module, as optional per-platform packages; the
// registry this project installs from serves only the Linux glibc ones, so when npm writes the lock file here it
// drops the entries it could not fetch, and `npm ci` then refuses the lock file as out of sync with package.json.
// The missing entries are written back with their os/cpu/libc fields: npm ci sees a complete tree and skips them
// on this platform, as it would on any other, without fetching them. Runs after every install (postinstall) and in
// `--check` mode in the tests. Idempotent.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LOCK = join(import.meta.dirname, "..", "package-lock.json");
// per package with platform packages: their name prefix, and per name suffix the fields the packages declare
const FAMILIES = {
  "@biomejs/biome": {
    prefix: "@biomejs/cli-",
    platforms: {
      "android-arm64": { os: ["android"], cpu: ["arm64"] },
      "android-x64": { os: ["android"], cpu: ["x64"] },
      "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
      "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
      "linux-arm64": { os: ["linux"], cpu: ["arm64"], libc: ["glibc"] },
      "linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
      "linux-x64": { os: ["linux"], cpu: ["x64"], libc: ["glibc"] },
      "linux-x64-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
      "win32-arm64": { os: ["win32"], cpu: ["arm64"] },
      "win32-x64": { os: ["win32"], cpu: ["x64"] },
    },
  },
  // napi-rs's targets (the package's "napi.targets"), with the fields napi-rs writes into each platform package
  "@open-spaced-repetition/binding": {
    prefix: "@open-spaced-repetition/binding-",
    platforms: {
      "android-arm64": { os: ["android"], cpu: ["arm64"] },
      "darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
      "darwin-x64": { os: ["darwin"], cpu: ["x64"] },
      "linux-arm64-gnu": { os: ["linux"], cpu: ["arm64"], libc: ["glibc"] },
      "linux-arm64-musl": { os: ["linux"], cpu: ["arm64"], libc: ["musl"] },
      "linux-x64-gnu": { os: ["linux"], cpu: ["x64"], libc: ["glibc"] },
      "linux-x64-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
      "wasm32-wasi": { cpu: ["wasm32"] },
      "win32-arm64-msvc": { os: ["win32"], cpu: ["arm64"] },
      "win32-ia32-msvc": { os: ["win32"], cpu: ["ia32"] },
      "win32-x64-msvc": { os: ["win32"], cpu: ["x64"] },
    },
  },
};

const check = process.argv.includes("--check");
const text = readFileSync(LOCK, "utf8");
const lock = JSON.parse(text);
const missing = [];
for (const [parentName, family] of Object.entries(FAMILIES)) {
  const parent = lock.packages[`node_modules/${parentName}`];
  if (!parent) continue;
  for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const platform = name.startsWith(family.prefix) ? family.platforms[name.slice(family.prefix.length)] : undefined;
    if (!platform) throw new Error(`lock-platforms: no platform fields known for ${name}: add them to FAMILIES`);
    missing.push(name);
    const dev = parent.dev ? { dev: true } : {};
    lock.packages[key] = { version, ...dev, license: parent.license, optional: true, ...platform };
  }
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
