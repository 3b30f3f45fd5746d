// The web app's layers, checked on every `npm run lint` (CONTRIBUTING.md, docs/decisions/0025-web-layers.md):
//   app/       composes the features: may import features/ and shared/
//   features/X may import its own folder and shared/, never another feature or app/
//   shared/    may import only shared/ (and packages): it is what features have in common, so a shared/ file that
//              only one feature imports (and nothing else: no other shared/ file, not app/) belongs in that feature
// Biome's noRestrictedImports matches import specifiers as written, and a relative specifier ("../games/x") does not
// say which feature it reaches from a nested file, so this resolves every relative import of web/src and checks the
// layer of both ends. Exits 1 listing each import that crosses a boundary.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const SRC = resolve(import.meta.dirname, "..", "web", "src");
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^"'`]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

/** "features/games/..." -> { layer: "features", feature: "games" }; "app/..." -> { layer: "app" }. */
function place(path) {
  const [layer, feature] = relative(SRC, path).split(sep);
  return { layer, feature: layer === "features" ? feature : undefined };
}

function allowed(from, to) {
  if (to.layer === "shared") return true;
  if (from.layer === "app") return true;
  if (from.layer === "features") return to.layer === "features" && to.feature === from.feature;
  return false; // shared -> features/app, and anything from a file outside the layers
}

const crossings = [];
/** Who imports each shared/ file: "features/x", "app" or "shared" (tests left out: they import what they test). */
const importers = new Map();
for (const file of files(SRC)) {
  const from = place(file);
  if (!["app", "features", "shared"].includes(from.layer)) continue;
  for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec?.startsWith(".")) continue;
    const target = resolve(dirname(file), spec);
    const to = place(target);
    if (!allowed(from, to)) crossings.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
    if (to.layer === "shared" && !/\.test\.tsx?$/.test(file)) {
      const who = from.feature ? `features/${from.feature}` : from.layer;
      const key = relative(SRC, target);
      importers.set(key, (importers.get(key) ?? new Set()).add(who));
    }
  }
}
const single = [...importers]
  .filter(([, who]) => who.size === 1 && [...who][0].startsWith("features/"))
  .map(([file, who]) => `${file} (only ${[...who][0]} uses it: move it there)`);
if (single.length) {
  console.error(
    `web layers: shared/ holds what two features use; ${single.length} file(s) serve one:\n  ${single.join("\n  ")}`,
  );
  process.exit(1);
}
if (crossings.length) {
  console.error(
    `web layers: ${crossings.length} import(s) cross a boundary (a feature imports only itself and shared/; shared/ ` +
      `imports only shared/). Move what two features share into shared/:\n  ${crossings.join("\n  ")}`,
  );
  process.exit(1);
}
console.log("web layers: ok");
