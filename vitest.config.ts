import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The suites start servers and databases: two at a time fit this 2-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: "core", include: ["core/src/**/*.test.ts"] } },
      {
        test: {
          name: "server",
          include: ["server/test/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: "content", include: ["content/src/**/*.test.ts"] } },
      { test: { name: "scripts", include: ["scripts/**/*.test.mjs"] } },
      ...(existsSync("web/vitest.config.ts") ? ["web/vitest.config.ts"] : []),
    ],
  },
});
