// One chunk for what the app loads at start (issue 16, LCP; decision 0056). The automatic splitting gave the entry
// 15 small chunks (a Mantine component, an API helper, a util each, shared with some lazy page), so every first load
// began with 16 script requests. Over HTTP/1.1 each costs a round trip on one of 6 connections, and with Lighthouse's
// simulated 150 ms RTT the request count, more than the bytes, set when a page could paint. Here every module the
// entry (main.tsx) imports statically goes into one chunk beside it; the lazy pages import from it as they did from
// the small ones (everything in it is loaded before any page anyway). Dynamic imports (pages, dialogs, the texts of
// each language) keep their automatic chunks.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";

type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Index files that re-export a whole library: a module importing one name from them does not load the rest (the
 * unused exports are dropped), so the walk does not go through them but to the files of the names imported.
 */
const BARRELS =
  /node_modules\/(@mantine\/(core|hooks)\/esm\/index\.mjs|@tabler\/icons-react\/dist\/esm\/tabler-icons-react\.mjs)$/;
const BARREL_PACKAGE = /node_modules\/(@mantine\/core|@mantine\/hooks|@tabler\/icons-react)\//;

/** A barrel's names and the files they come from: `import { a } from "./x.mjs"` + `export { a }`, or `export { default as A } from "./a.mjs"`. */
function barrelFiles(barrel: string): Map<string, string> {
  const text = readFileSync(barrel, "utf8");
  const local = new Map<string, string>();
  const names = new Map<string, string>();
  // "a, b as c" -> [name, the name it is known by]
  const list = (specs: string) =>
    specs.split(",").map((x) => {
      const [name = "", alias] = x.trim().split(/\s+as\s+/);
      return [name, alias ?? name] as const;
    });
  for (const m of text.matchAll(/^(import|export) \{([^}]*)\} from ["'](\.[^"']+)["'];/gm)) {
    const file = resolve(dirname(barrel), m[3] as string);
    for (const [, known] of list(m[2] as string)) (m[1] === "import" ? local : names).set(known, file);
  }
  for (const m of text.matchAll(/^export \{([^}]*)\};/gm)) {
    for (const [name, known] of list(m[1] as string)) {
      const file = local.get(name);
      if (file) names.set(known, file);
    }
  }
  return names;
}

/** The names a module imports (values, not types) from each package, read from its source (ours, or Mantine's). */
function namedImports(id: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!/\.(tsx?|mjs)$/.test(id)) return out;
  for (const m of readFileSync(id, "utf8").matchAll(/^import (type )?\{([^}]*)\} from ["']([^"']+)["'];/gm)) {
    if (m[1]) continue;
    const names = (m[2] as string)
      .split(",")
      .map((x) => x.trim())
      .filter((x) => x !== "" && !x.startsWith("type "))
      .map((x) => x.split(/\s+as\s+/)[0] as string);
    out.set(m[3] as string, [...(out.get(m[3] as string) ?? []), ...names]);
  }
  return out;
}

/** The modules `from` imports statically, transitively; through a library's barrel, only the files of the names used. */
function staticImports(graph: Graph, from: string, barrels: Map<string, Map<string, string>>): Set<string> {
  const seen = new Set<string>();
  const visited = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || visited.has(id)) continue;
    if (id === from) visited.add(id);
    else seen.add(id);
    if (BARRELS.test(id)) continue;
    const imported = graph.getModuleInfo(id)?.importedIds ?? [];
    stack.push(...imported);
    if (!imported.some((d) => BARRELS.test(d))) continue;
    const named = namedImports(id);
    for (const barrel of imported.filter((d) => BARRELS.test(d))) {
      const pkg = barrel.match(BARREL_PACKAGE)?.[1] as string;
      if (!barrels.has(barrel)) barrels.set(barrel, barrelFiles(barrel));
      const files = barrels.get(barrel) as Map<string, string>;
      for (const name of named.get(pkg) ?? []) {
        const file = files.get(name);
        if (file) stack.push(file);
      }
    }
  }
  return seen;
}

/**
 * `plugin` records the start's modules once the module graph is built; `group` is the `codeSplitting` group that
 * reads them (its test runs after that).
 */
export function startChunk(
  entry: string,
  homePage: string,
  otherPages: string[] = [],
  game?: { page: string; screens: string[] },
) {
  let start = new Set<string>();
  let pagesShared = new Set<string>();
  let gameShared = new Set<string>();
  const plugin: Plugin = {
    name: "ivrit-start-chunk",
    apply: "build",
    buildEnd() {
      const graph = this as unknown as Graph;
      // Each file's walk once, and each barrel read once, however many groups ask.
      const barrels = new Map<string, Map<string, string>>();
      const walks = new Map<string, Set<string>>();
      const importsOf = (file: string) => {
        const id = resolve(file);
        let ids = walks.get(id);
        if (!ids) {
          ids = staticImports(graph, id, barrels);
          walks.set(id, ids);
        }
        return ids;
      };
      start = new Set(importsOf(entry));
      for (const id of importsOf(homePage)) start.add(id);
      // Our own small modules that two of the other first pages load (the API helpers, the offline store, the
      // Hebrew text and audio button...), unless they bring a library module or style the start has not already.
      const count = new Map<string, number>();
      for (const page of otherPages) {
        for (const id of importsOf(page)) count.set(id, (count.get(id) ?? 0) + 1);
      }
      const own = (id: string) => !id.includes("/node_modules/") && !/\.css$/.test(id);
      const shared = new Set([...count].filter(([id, n]) => n >= 2 && !start.has(id) && own(id)).map(([id]) => id));
      let changed = true;
      while (changed) {
        changed = false;
        for (const id of shared) {
          const deps = graph.getModuleInfo(id)?.importedIds ?? [];
          if (deps.every((d) => start.has(d) || shared.has(d) || (BARRELS.test(d) && !own(d)))) continue;
          shared.delete(id);
          changed = true;
        }
      }
      for (const id of shared) start.add(id);
      if (!game) return;
      // What the other first pages share and the start does not hold (the Hebrew text and audio button, the word
      // card, Mantine's Badge and SimpleGrid, an icon...), a game's page counted as one with its screens: one chunk
      // those pages all load, instead of some small ones each, or of the game's chunk for one icon.
      const screenDirs = game.screens.map((f) => `${resolve(f, "..")}/`);
      const pageUses = importsOf(game.page);
      const screenUses = game.screens.map(importsOf);
      const gameUses = new Set([pageUses, ...screenUses].flatMap((ids) => [...ids]));
      const uses = [...otherPages.filter((p) => p !== game.page).map(importsOf), gameUses];
      const users = new Map<string, number>();
      for (const ids of uses) for (const id of ids) users.set(id, (users.get(id) ?? 0) + 1);
      pagesShared = new Set(
        [...users]
          .filter(
            ([id, n]) => n >= 2 && !start.has(id) && !BARRELS.test(id) && !screenDirs.some((d) => id.startsWith(d)),
          )
          .map(([id]) => id),
      );
      // A game's page: our own modules it or two of the game screens import that no chunk above holds, in one chunk
      // (about 25 files of 1-3 kB each otherwise); what one screen alone uses (its engine, the verb table) stays in
      // that screen's chunk.
      const inScreens = (id: string) => screenUses.filter((ids) => ids.has(id)).length;
      gameShared = new Set(
        [...gameUses].filter(
          (id) =>
            own(id) &&
            !start.has(id) &&
            !pagesShared.has(id) &&
            !screenDirs.some((d) => id.startsWith(d)) &&
            (pageUses.has(id) || inScreens(id) >= 2),
        ),
      );
    },
  };
  // Higher priority first: a module the start takes is not taken again by the pages' or the game's group.
  const group = { name: "start", priority: 3, test: (id: string) => start.has(id) };
  const pagesGroup = { name: "pages", priority: 2, test: (id: string) => pagesShared.has(id) };
  const gameGroup = { name: "game", priority: 1, test: (id: string) => gameShared.has(id) };
  return { plugin, group, pagesGroup, gameGroup };
}
