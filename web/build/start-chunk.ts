// One chunk for what the app loads at start (issue 16, LCP; decision 0056). The automatic splitting gave the entry
// 15 small chunks (a Mantine component, an API helper, a util each, shared with some lazy page), so every first load
// began with 16 script requests. Over HTTP/1.1 each costs a round trip on one of 6 connections, and with Lighthouse's
// simulated 150 ms RTT the request count, more than the bytes, set when a page could paint. Here every module the
// entry (main.tsx) imports statically goes into one chunk beside it; the lazy pages import from it as they did from
// the small ones (everything in it is loaded before any page anyway). Dynamic imports (pages, dialogs, the texts of
// each language) keep their automatic chunks.
import { resolve } from "node:path";
import type { Plugin } from "vite";

type Graph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Index files that re-export a whole library: a module importing one name from them does not load the rest (the
 * unused exports are dropped), so the walk stops there; the bundler adds the modules behind the names used.
 */
const BARRELS =
  /node_modules\/(@mantine\/(core|hooks)\/esm\/index\.mjs|@tabler\/icons-react\/dist\/esm\/tabler-icons-react\.mjs)$/;

/** The modules `from` imports statically, transitively (not through a library's barrel). */
function staticImports(graph: Graph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...(graph.getModuleInfo(from)?.importedIds ?? [])];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    if (BARRELS.test(id)) continue;
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
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
  let gameShared = new Set<string>();
  const plugin: Plugin = {
    name: "ivrit-start-chunk",
    apply: "build",
    buildEnd() {
      const graph = this as unknown as Graph;
      start = staticImports(graph, resolve(entry));
      for (const id of staticImports(graph, resolve(homePage))) start.add(id);
      // Our own small modules that two of the other first pages load (the API helpers, the offline store, the
      // Hebrew text and audio button...), unless they bring a library module or style the start has not already.
      const count = new Map<string, number>();
      for (const page of otherPages) {
        for (const id of staticImports(graph, resolve(page))) count.set(id, (count.get(id) ?? 0) + 1);
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
      // A game's page: our own modules it and the game screens import that the start does not hold, in one chunk
      // (about 25 files of 1-3 kB each otherwise); each screen's own files stay in its chunk.
      if (game) {
        const screenDirs = game.screens.map((f) => `${resolve(f, "..")}/`);
        gameShared = new Set(
          [game.page, ...game.screens]
            .flatMap((f) => [...staticImports(graph, resolve(f))])
            .filter((id) => own(id) && !start.has(id) && !screenDirs.some((d) => id.startsWith(d))),
        );
      }
    },
  };
  const group = { name: "start", test: (id: string) => start.has(id) };
  const gameGroup = { name: "game", test: (id: string) => gameShared.has(id) };
  return { plugin, group, gameGroup };
}
