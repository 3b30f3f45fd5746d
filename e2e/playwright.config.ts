// Playwright against the real server and database: builds the web app, then starts the server on a fresh
// data directory (PGlite), which migrates and loads the content on first start.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);
// Set once in the main process; the workers inherit them. Each run builds the SPA into its own directory and
// keeps its own database and artifacts, so runs side by side (and a running dev server) do not disturb each other.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "ivrit-e2e-data-"));
process.env.E2E_WEB_DIST ??= mkdtempSync(join(tmpdir(), "ivrit-e2e-web-"));
process.env.E2E_OUTPUT_DIR ??= mkdtempSync(join(tmpdir(), "ivrit-e2e-out-"));
process.env.E2E_WEBHOOK_SECRET ??= "e2e-revenuecat-webhook-secret-0123456789";
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: 2,
  // One retry in CI: a few checks read a 300-500 ms feedback state that a loaded 2-core machine can miss.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: process.env.E2E_OUTPUT_DIR,
  use: {
    baseURL: external ?? `http://localhost:${PORT}`,
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: external
    ? undefined
    : {
        command: `npm run build -w web -- --outDir ${process.env.E2E_WEB_DIST} --emptyOutDir && npm run build -w server && npm run start -w server`,
        cwd: "..",
        url: `http://localhost:${PORT}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: "ignore",
        stderr: "pipe",
        env: {
          PORT: String(PORT),
          HOST: "127.0.0.1",
          DATA_DIR: process.env.E2E_DATA_DIR,
          WEB_DIST: process.env.E2E_WEB_DIST,
          RATE_LIMIT_MAX: "100000",
          LOG_LEVEL: "warn",
          // The SPA checks every API answer against core's schemas (web/src/shared/api/check-answer.ts).
          VITE_CHECK_API: "1",
          // native-web.spec.ts grants plans through POST /api/webhooks/revenuecat.
          REVENUECAT_WEBHOOK_SECRET: process.env.E2E_WEBHOOK_SECRET,
        },
      },
});
