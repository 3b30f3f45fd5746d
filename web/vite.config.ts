import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev server proxies the API and the audio files to the Fastify server (DESIGN section 1).
const backend = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
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
