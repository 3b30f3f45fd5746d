import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { compressBuild } from "./build/compress-plugin.ts";
import { pictures } from "./build/pictures-plugin.ts";
import { startChunk } from "./build/start-chunk.ts";

/**
 * fontsource's @font-face rules offer a woff after each woff2; every browser the app supports reads woff2 (the
 * service worker precaches only woff2 already). Without them /home's first CSS is lighter (decision 0049).
 */
function woff2Only(): Plugin {
  return {
    name: "ivrit-woff2-only",
    enforce: "pre",
    transform(code, id) {
      if (!/@fontsource\/.+\.css$/.test(id)) return null;
      return code.replace(/,\s*url\([^)]*\.woff\)\s*format\(['"]woff['"]\)/g, "");
    },
  };
}

/**
 * fontsource's one-subset files (`latin-400.css`, which app/fonts.ts imports to leave out the subsets no Hebrew word
 * needs) declare no unicode-range: each face then covers every character, so a Hebrew word made the browser fetch
 * Noto Sans Hebrew's Latin extended and Latin files before finding its letters in the Hebrew one (decision 0062 has
 * what that cost before a page's largest paint). The range is the one the weight's file (`400.css`) gives that subset.
 */
function subsetRanges(): Plugin {
  return {
    name: "ivrit-subset-ranges",
    enforce: "pre",
    transform(code, id) {
      const file = id.match(/@fontsource\/[^/]+\/([a-z-]+)-(\d+)\.css$/);
      if (!file || code.includes("unicode-range")) return null;
      const [, subset, weight] = file;
      const faces = readFileSync(join(dirname(id), `${weight}.css`), "utf8").split("@font-face");
      const range = faces
        .find((f) => f.includes(`-${subset}-${weight}-normal.woff2`))
        ?.match(/unicode-range:[^;]+;/)?.[0];
      return range ? code.replace(/\}\s*$/, `  ${range}\n}\n`) : null;
    },
  };
}

const start = startChunk(
  new URL("./src/main.tsx", import.meta.url).pathname,
  new URL("./src/features/games/chooser-page.tsx", import.meta.url).pathname,
  ["features/words/words-page.tsx", "features/library/library-page.tsx", "features/games/game-page.tsx"].map(
    (p) => new URL(`./src/${p}`, import.meta.url).pathname,
  ),
  {
    page: new URL("./src/features/games/game-page.tsx", import.meta.url).pathname,
    screens: readdirSync(new URL("./src/features/games/play", import.meta.url))
      .filter((d) => existsSync(new URL(`./src/features/games/play/${d}/${d}.tsx`, import.meta.url)))
      .map((d) => new URL(`./src/features/games/play/${d}/${d}.tsx`, import.meta.url).pathname),
  },
);

// The dev server proxies the API and the audio files to the Fastify server (DESIGN section 1).
const backend = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [
    woff2Only(),
    subsetRanges(),
    start.plugin,
    react(),
    // The pictures the content names, copied to pictures/<file>.svg (decision 0104): static, not precached.
    pictures(),
    // The service worker (sw/sw.ts): Workbox with the build's precache manifest injected; registered by the app
    // itself on web only (src/shared/service-worker.ts), never in the native app.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell, the code, the styles and the fonts (woff2: every browser with service workers reads it).
        globPatterns: ["index.html", "assets/**/*.{js,css,woff2}", "manifests/*.webmanifest", "icons/*.png"],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    compressBuild(),
  ],
  server: {
    proxy: {
      "/api": backend,
      "/audio": backend,
    },
  },
  build: {
    // bench/bundle.ts reads the manifest to find what /home loads first.
    manifest: true,
    target: "es2022",
    chunkSizeWarningLimit: 600,
    // What main.tsx loads statically in one chunk, not 15 (build/start-chunk.ts, decision 0056).
    // A game page's shared modules in one chunk too (a chunk per game screen stays: features/games/play/screens.ts).
    rolldownOptions: { output: { codeSplitting: { groups: [start.group, start.pagesGroup, start.gameGroup] } } },
  },
});
