#!/usr/bin/env node
// CI check (offline): `npm run native:sync -w web` builds the web app and copies it into both native projects,
// and leaves every committed file of web/android, web/ios and capacitor.config.json as it is in git. The copied
// web build is present after the sync and ignored by git.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const git = (...args) => execFileSync("git", args, { cwd: web, encoding: "utf8" });
const TRACKED = ["android", "ios", "capacitor.config.json"];
const COPIES = ["android/app/src/main/assets/public", "ios/App/App/public"];
const fail = (message) => {
  console.error(`native sync check: ${message}`);
  process.exit(1);
};

// The state of the committed files: their diff against HEAD and the list of untracked, unignored files.
const state = () =>
  git("diff", "HEAD", "--", ...TRACKED) + git("status", "--porcelain", "--untracked-files=all", "--", ...TRACKED);
const before = state();
if (!process.argv.includes("--no-sync"))
  execFileSync("npm", ["run", "native:sync"], { cwd: web, stdio: "inherit", env: { ...process.env, CI: "1" } });
const after = state();
if (after !== before)
  fail(`the sync changed committed native files:\n${after}\n(before the sync:\n${before || "clean"})`);

const built = readFileSync(join(web, "dist/index.html"), "utf8");
for (const dir of COPIES) {
  const index = join(web, dir, "index.html");
  if (!existsSync(index)) fail(`${dir}/index.html is missing after the sync`);
  if (readFileSync(index, "utf8") !== built) fail(`${dir}/index.html differs from dist/index.html`);
  try {
    git("check-ignore", "-q", `${dir}/index.html`);
  } catch {
    fail(`${dir} must be ignored by git (it is copied from dist/ by every sync)`);
  }
  if (git("ls-files", "--", dir).trim()) fail(`${dir} has files committed to git`);
}
for (const config of ["android/app/src/main/assets/capacitor.config.json", "ios/App/App/capacitor.config.json"]) {
  const json = JSON.parse(readFileSync(join(web, config), "utf8"));
  if (json.webDir !== "dist" || !json.appId) fail(`${config} was not written from capacitor.config.json`);
}
console.log("native sync check: ok (native projects consistent with the web build)");
