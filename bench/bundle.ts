// Bundle size of the web app (run after `npm run build -w web`): what /home loads first (JS + CSS from
// index.html, the chooser's route chunk and the English locale chunks it needs, plus the fonts those CSS files
// reference) and every lazy chunk, gzip level 9. Budget: 150 kB gzip of JS + CSS for the first load of /home.
//
//   npm run bundle -w bench [-- <dist dir>]      (default ../web/dist; BUNDLE_DIST also works)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Issue 16's goal for the first load of /home (issue 10 asked 200 kB). */
const BUDGET_KB = 150;
/** The route chunk of /home and the namespaces it renders with (English). */
const HOME_ROUTE = "src/features/games/chooser-page.tsx";
const HOME_LOCALES = ["src/locales/en/common.json", "src/locales/en/games.json", "src/locales/en/review.json"];

const dist = resolve(process.argv[2] ?? process.env.BUNDLE_DIST ?? join(import.meta.dirname, "..", "web", "dist"));
const manifestPath = join(dist, ".vite", "manifest.json");
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w web\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;

const sizeCache = new Map<string, { raw: number; gzip: number }>();
function size(file: string): { raw: number; gzip: number } {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const buf = readFileSync(join(dist, file));
  const s = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  sizeCache.set(file, s);
  return s;
}
const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} kB`;

/** A chunk's file, its static imports (transitively) and their CSS. */
function closure(key: string, files = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imp of chunk.imports ?? []) closure(imp, files, seen);
  return files;
}

// 1. What index.html references (script, modulepreload, stylesheet).
const html = readFileSync(join(dist, "index.html"), "utf8");
const fromHtml = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+)"/g)].map((m) => m[1] as string);

// 2. The entry, the /home route chunk and its locale chunks.
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error("manifest has no entry");
const first = new Set<string>(fromHtml);
closure(entryKey, first);
closure(HOME_ROUTE, first);
for (const l of HOME_LOCALES) closure(l, first);

// 3. Fonts referenced by the first-load CSS. unicode-range means a browser fetches only the subsets on screen;
//    measured in Chromium on /home in English: Rubik Latin (400, 500, 600), Rubik Cyrillic and Arabic 400 (the
//    language names in the dropdown) and Noto Sans Hebrew 500 (the logo).
const fonts = new Set<string>();
for (const f of first) {
  if (!f.endsWith(".css")) continue;
  const css = readFileSync(join(dist, f), "utf8");
  for (const m of css.matchAll(/url\(\/?(assets\/[^)]+?\.woff2)\)/g)) fonts.add(m[1] as string);
}
const fetchedOnHome = [...fonts].filter((f) =>
  /^assets\/(rubik-latin-\d+|rubik-(cyrillic|arabic)-400|noto-sans-hebrew-hebrew-500)-normal/.test(f),
);

function table(title: string, files: Iterable<string>): { raw: number; gzip: number } {
  const list = [...files].sort();
  let raw = 0;
  let gzip = 0;
  console.log(`\n${title}`);
  for (const f of list) {
    const s = size(f);
    raw += s.raw;
    gzip += s.gzip;
    console.log(`  ${kb(s.gzip)} gzip ${kb(s.raw)} raw  ${f}`);
  }
  console.log(`  ${kb(gzip)} gzip ${kb(raw)} raw  total (${list.length} files)`);
  return { raw, gzip };
}

console.log(`Bundle: ${dist}`);
const js = table(
  "First load of /home: JavaScript",
  [...first].filter((f) => f.endsWith(".js")),
);
const css = table(
  "First load of /home: CSS",
  [...first].filter((f) => f.endsWith(".css")),
);
const homeFonts = table("First load of /home: fonts Chromium fetches for English", fetchedOnHome);
const allFonts = [...fonts].reduce((n, f) => n + size(f).raw, 0);
console.log(
  `  (all ${fonts.size} woff2 subsets the CSS references: ${kb(allFonts).trim()}; Arabic, Cyrillic and Hebrew`,
);
console.log("   subsets load only on pages that show those scripts)");

// 4. Every lazy chunk (JS and CSS not in the first load), largest first.
const assets = readdirSync(join(dist, "assets")).map((f) => `assets/${f}`);
const lazy = assets.filter((f) => (f.endsWith(".js") || f.endsWith(".css")) && !first.has(f));
const bySrc = new Map<string, string>();
for (const c of Object.values(manifest)) if (c.src) bySrc.set(c.file, c.src);
console.log(`\nLazy chunks (${lazy.length}), largest first`);
let lazyTotal = 0;
for (const f of lazy.sort((a, b) => size(b).gzip - size(a).gzip)) {
  lazyTotal += size(f).gzip;
  const src = bySrc.get(f);
  console.log(`  ${kb(size(f).gzip)} gzip ${kb(size(f).raw)} raw  ${f}${src ? `  (${src})` : ""}`);
}
console.log(`  ${kb(lazyTotal)} gzip total`);

const firstLoad = js.gzip + css.gzip;
const ok = firstLoad <= BUDGET_KB * 1024;
console.log(
  `\n/home first load: JS ${kb(js.gzip).trim()} + CSS ${kb(css.gzip).trim()} = ${kb(firstLoad).trim()} gzip ` +
    `(budget ${BUDGET_KB} kB: ${ok ? "OK" : "OVER"}, ${((firstLoad / (BUDGET_KB * 1024)) * 100).toFixed(0)}%); ` +
    `fonts ${kb(homeFonts.gzip).trim()} more`,
);
if (!ok) process.exitCode = 1;
