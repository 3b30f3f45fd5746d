// Only the pictures the content uses ship (issue 28.3, decision 0104). The content names each word's picture by its
// Twemoji file name (content/modules/*.json `picture`); the build copies just those SVGs from the @twemoji/svg
// package to `pictures/<file>.svg` of the output: static files the server sends with a long cache, not in the JS
// bundle, not precached by the service worker (sw/sw.ts caches each one the first time it is shown). The dev server
// serves the same path from the package. A picture the package lacks fails the build (content:check says so first).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

const CONTENT_MODULES = join(import.meta.dirname, "..", "..", "content", "modules");
const NAME = /^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/;

/** Every picture the content's modules name, sorted, once each. */
export function picturesUsed(dir: string = CONTENT_MODULES): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const module = JSON.parse(readFileSync(join(dir, file), "utf8")) as { words?: { picture?: unknown }[] };
    for (const w of module.words ?? []) if (typeof w.picture === "string") names.add(w.picture);
  }
  return [...names].sort();
}

function twemojiDir(): string {
  return dirname(createRequire(import.meta.url).resolve("@twemoji/svg/package.json"));
}

export function pictures(): Plugin {
  return {
    name: "ivrit-pictures",
    generateBundle() {
      const dir = twemojiDir();
      const names = picturesUsed();
      for (const name of names) {
        const path = join(dir, `${name}.svg`);
        if (!existsSync(path)) this.error(`picture ${name}: @twemoji/svg has no ${name}.svg (npm run content:check)`);
        this.emitFile({ type: "asset", fileName: `pictures/${name}.svg`, source: readFileSync(path) });
      }
      this.info?.(`${names.length} pictures copied from @twemoji/svg`);
    },
    configureServer(server) {
      const dir = twemojiDir();
      server.middlewares.use("/pictures", (req, res, next) => {
        const name = req.url?.match(/^\/([0-9a-f-]+)\.svg$/)?.[1];
        if (!name || !NAME.test(name) || !existsSync(join(dir, `${name}.svg`))) return next();
        res.setHeader("content-type", "image/svg+xml");
        res.end(readFileSync(join(dir, `${name}.svg`)));
      });
    },
  };
}
