// Every TanStack Query key of the web app comes from the key factory (web/src/shared/api/query-keys.ts), checked on
// every `npm run lint` (issue 32, CONTRIBUTING.md): a key written as a literal elsewhere is one a rename in the
// factory would miss, leaving an invalidation that reaches nothing and a stale cache behind it. Exits 1 listing
// each literal key with its file and line.
//
//   node scripts/check-query-keys.mjs [web/src dir]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const FACTORY = "query-keys.ts";
/** `queryKey: [` or `queryKey: ["…` (an array literal as a key), and the same in `setQueryData([` calls. */
const LITERAL = /\bqueryKey\s*:\s*\[|\b(?:setQueryData|getQueryData|setQueriesData)\(\s*\[/;

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== FACTORY) yield path;
  }
}

/** Each literal key in the files under `dir`: "file:line: text". */
export function literalKeys(dir) {
  const found = [];
  for (const file of sources(dir)) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (LITERAL.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = literalKeys(resolve(process.argv[2] ?? join(ROOT, "web", "src")));
  if (found.length > 0) {
    console.error(`Query keys written as literals (use queryKeys from web/src/shared/api/${FACTORY}):`);
    for (const f of found) console.error(`  ${f}`);
    process.exit(1);
  }
  console.log("query keys: every key comes from the factory");
}
