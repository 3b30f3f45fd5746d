// Every Mantine component a web file uses has its CSS imported, checked on every `npm run lint` (CONTRIBUTING.md,
// decision 0048). The app imports Mantine's styles per component, not the whole 30 kB sheet: the first screen's in
// web/src/app/mantine-styles.ts, every other one in the file that uses the component. A forgotten import gives no
// error anywhere: the component renders unstyled, and only in the chunks where no other file happened to bring it.
//
// What a component needs is read from @mantine/core itself: its export index says which components/<Dir> each name
// comes from, and the imports between those folders say which other components it renders (Modal: ModalBase,
// Overlay, CloseButton...). A file is complete when each of those that has a stylesheet (styles/<Dir>.css) is
// imported by the file itself or by mantine-styles.ts. Exits 1 listing each file and what it lacks.
//
//   node scripts/check-mantine-css.mjs [web/src dir] [global styles file]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(import.meta.dirname, "..");
const CSS_IMPORT = /import\s+["']@mantine\/core\/styles\/([A-Za-z]+)(?:\.layer)?\.css["']/g;
const CORE_IMPORT = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;

/** @mantine/core's folder, found from web/ as Vite finds it. */
function mantineDir() {
  const main = createRequire(join(ROOT, "web", "package.json")).resolve("@mantine/core");
  let dir = dirname(main);
  while (!existsSync(join(dir, "esm", "index.mjs"))) dir = dirname(dir);
  return dir;
}

/**
 * Imports that render a component only when a prop (or a static member) asks for it: the importing file's folder
 * under components/ -> the imported file's folder -> the words that make it render. A file that uses the importer
 * needs that sheet only when its code mentions one of the words. Each entry was read in @mantine/core's source
 * (9.7); a new one needs the same reading, not a guess.
 */
export const OPTIONAL = {
  Alert: { CloseButton: ["withCloseButton"] },
  Modal: { ScrollArea: ["scrollAreaComponent"] },
  Table: { ScrollArea: ["ScrollContainer"] },
  FocusTrap: { VisuallyHidden: ["InitialFocus"] },
  Input: { "Input/InputClearButton": ["clearable", "ClearButton"] },
  Radio: {
    "Radio/RadioCard": ["Radio.Card", "RadioCard"],
    "Radio/RadioIndicator": ["Radio.Indicator", "RadioIndicator"],
  },
};

/**
 * For @mantine/core at `dir`: the stylesheets each exported name needs, with the prop that makes one needed when it
 * is optional. A module file that imports `<Folder>.module.mjs` (its CSS module's class names) needs
 * styles/<Folder>.css; a component needs what every module file it imports needs, transitively.
 */
export function mantineStyleNeeds(dir = mantineDir()) {
  const components = join(dir, "esm", "components");
  const folderOf = (file) => dirname(relative(components, file)).split(sep).join("/");
  const edges = new Map(); // file -> [imported file]
  const sheetOf = new Map(); // file -> the folder whose CSS module it imports
  const scan = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) scan(path);
      else if (name.endsWith(".mjs") && !name.endsWith(".module.mjs")) {
        const code = readFileSync(path, "utf8");
        const targets = [];
        for (const m of code.matchAll(/from\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) {
          const target = resolve(dirname(path), m[1]);
          if (target.endsWith(".module.mjs")) sheetOf.set(path, basename(target, ".module.mjs"));
          else if (target.startsWith(components)) targets.push(target);
        }
        edges.set(path, targets);
      }
    }
  };
  scan(components);
  /** Every module file a file reaches, with the gates on the paths to it (null: a path that always renders it). */
  const walk = (file, seen = new Map(), gate = null) => {
    const gates = seen.get(file) ?? new Set();
    if (gates.has(gate)) return seen;
    seen.set(file, gates.add(gate));
    for (const target of edges.get(file) ?? [])
      walk(target, seen, gate ?? OPTIONAL[folderOf(file)]?.[folderOf(target)] ?? null);
    return seen;
  };
  const needs = new Map();
  const index = readFileSync(join(dir, "esm", "index.mjs"), "utf8");
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"\.\/(components\/[^"]+\.mjs)"/g)) {
    const sheets = new Map(); // sheet -> the words that make it needed, or null when it always is
    for (const [file, gates] of walk(join(dir, "esm", m[2]))) {
      const sheet = sheetOf.get(file);
      if (!sheet || !existsSync(join(dir, "styles", `${sheet}.css`))) continue;
      for (const gate of gates) {
        const before = sheets.get(sheet);
        if (before === null) continue;
        sheets.set(sheet, gate === null ? null : [...new Set([...(before ?? []), ...gate])]);
      }
    }
    const list = [...sheets].map(([sheet, prop]) => ({ sheet, prop })).sort((a, b) => a.sheet.localeCompare(b.sheet));
    for (const spec of m[1].split(",")) {
      const exported = spec
        .trim()
        .split(/\s+as\s+/)
        .at(-1);
      if (exported) needs.set(exported, list);
    }
  }
  return needs;
}

/** The value names a file imports from @mantine/core (type-only imports left out). */
export function mantineImports(code) {
  const names = [];
  for (const m of code.matchAll(CORE_IMPORT)) {
    if (m[1]) continue;
    for (const spec of m[2].split(",")) {
      const s = spec.trim();
      if (!s || s.startsWith("type ")) continue;
      names.push(s.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

export const cssImports = (code) => new Set([...code.matchAll(CSS_IMPORT)].map((m) => m[1]));

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/** Each file of `src` that uses a Mantine component whose stylesheet neither it nor `globalFile` imports. */
export function missingMantineCss(src, globalFile, needs = mantineStyleNeeds()) {
  const global = existsSync(globalFile) ? cssImports(readFileSync(globalFile, "utf8")) : new Set();
  const problems = [];
  for (const file of sourceFiles(src)) {
    const code = readFileSync(file, "utf8");
    const names = mantineImports(code);
    if (names.length === 0) continue;
    const own = cssImports(code);
    const missing = new Map();
    for (const name of names) {
      for (const { sheet, prop } of needs.get(name) ?? []) {
        if (own.has(sheet) || global.has(sheet) || (prop && !prop.some((word) => code.includes(word)))) continue;
        missing.set(sheet, [...(missing.get(sheet) ?? []), name]);
      }
    }
    if (missing.size > 0)
      problems.push({
        file: relative(src, file),
        missing: [...missing].map(([sheet, by]) => ({ sheet, by: [...new Set(by)] })),
      });
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const src = resolve(process.argv[2] ?? join(ROOT, "web", "src"));
  const globalFile = resolve(process.argv[3] ?? join(src, "app", "mantine-styles.ts"));
  const problems = missingMantineCss(src, globalFile);
  if (problems.length > 0) {
    const lines = problems.flatMap(({ file, missing }) => [
      `${file}:`,
      ...missing.map(({ sheet, by }) => `  import "@mantine/core/styles/${sheet}.css"; (for ${by.join(", ")})`),
    ]);
    console.error(
      `Mantine styles: ${problems.length} file(s) use a component whose CSS is not imported (it would render ` +
        `unstyled). Add to each file:\n${lines.join("\n")}`,
    );
    process.exit(1);
  }
  console.log("Mantine styles: ok");
}
