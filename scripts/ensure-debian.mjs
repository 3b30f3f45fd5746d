// `npm test` calls this first (test:node22): the browser tests need Debian's Chromium, the content checks hspell and
// the hunspell dictionaries, the audio checks espeak-ng, sox and lame, the integration tests the PostgreSQL and
// Redis clients, the power-cut test a C compiler (its LD_PRELOAD library). Missing packages are installed with
// apt-get when this runs as root on a Debian machine; otherwise it stops and prints the exact command to run.
import { spawnSync } from "node:child_process";

export const PACKAGES = [
  "chromium",
  "fonts-noto-core",
  "hspell",
  "hunspell",
  "hunspell-en-us",
  "hunspell-fr",
  "hunspell-es",
  "hunspell-ru",
  "hunspell-uk",
  "hunspell-ar",
  "espeak-ng",
  "sox",
  "libsox-fmt-mp3",
  "lame",
  "postgresql-client",
  "redis-tools",
  // The learning-loop browser test moves its server's clock by days (libfaketime).
  "faketime",
  "gcc",
  "libc6-dev",
  // The integration suites run once more through PgBouncer in transaction mode (scripts/with-pgbouncer.mjs).
  "pgbouncer",
];

// `dpkg -s` also answers for a removed package whose configuration is left: read its status line.
const installed = (p) =>
  spawnSync("dpkg", ["-s", p], { encoding: "utf8" }).stdout?.includes("Status: install ok installed");
const hasDpkg = spawnSync("dpkg", ["--version"]).status === 0;
if (!hasDpkg) {
  console.error(
    `This machine has no dpkg: install these (or your system's equivalents) first:\n  ${PACKAGES.join(" ")}`,
  );
  process.exit(1);
}
const missing = PACKAGES.filter((p) => !installed(p));
if (missing.length === 0) process.exit(0);

const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(" ")}`;
const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync("apt-get", ["--version"]).status === 0;
if (!isRoot || !hasApt) {
  console.error(`Missing Debian packages for the tests: ${missing.join(" ")}\nRun as root:\n  ${command}`);
  process.exit(1);
}
console.log(`installing Debian packages: ${missing.join(" ")}`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
const run = (args) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
if (!run(["update", "-qq"]) || !run(["install", "-y", "-qq", "--no-install-recommends", ...missing])) {
  console.error(`apt-get failed: see above. The command was:\n  ${command}`);
  process.exit(1);
}
const still = missing.filter((p) => !installed(p));
if (still.length) {
  console.error(`still missing after apt-get: ${still.join(" ")}`);
  process.exit(1);
}
