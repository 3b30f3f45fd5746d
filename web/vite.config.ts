import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { compressBuild } from "./build/compress-plugin.ts";

// The dev server proxies the API and the audio files to the Fastify server (DESIGN section 1).
const backend = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [
    react(),
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
  },
});
