// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, once, at the best
// levels (build time is cheap, every download after it is not). The server sends the copy that the client accepts
// (@fastify/static's preCompressed), with content-encoding and vary set. Runs last, after the service worker is
// written, so that it too has its copies.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function compressBuild(): Plugin {
  let outDir = "dist";
  return {
    name: "ivrit-compress-build",
    apply: "build",
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir); // an absolute --outDir stays as it is
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        let count = 0;
        for (const path of files(outDir)) {
          if (!COMPRESSIBLE.test(path)) continue;
          const raw = readFileSync(path);
          if (raw.length < MIN_BYTES) continue;
          const br = brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          });
          const gz = gzipSync(raw, { level: 9 });
          // Keep a copy only when it is smaller: the server falls back to the file itself.
          if (br.length < raw.length) writeFileSync(`${path}.br`, br);
          if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
          count++;
        }
        this.info?.(`compressed ${count} files (brotli and gzip copies)`);
      },
    },
  };
}
