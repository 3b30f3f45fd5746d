// axe-core on every page in English and Arabic at phone and desktop sizes: no serious or critical violations.
// Each page is also photographed into e2e/screenshots/ (git-ignored) for review.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { PAGES, SAMPLE_RESULTS } from "./fixtures.ts";
import { seedUser, settle, transitionsDone } from "./helpers.ts";

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const SHOTS = join(import.meta.dirname, "..", "screenshots");
mkdirSync(SHOTS, { recursive: true });

for (const language of ["en", "ar"]) {
  for (const size of SIZES) {
    test(`axe and screenshots: ${language} ${size.width}x${size.height}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      await seedUser(page, { language, level: 3, session: { "ivrit.results": JSON.stringify(SAMPLE_RESULTS) } });
      const problems: string[] = [];
      for (const p of PAGES) {
        await page.goto(p.path);
        await settle(page);
        await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
        // Let transitions finish before the photo, and the confetti (drawn frame by frame on a canvas, which no
        // event announces the end of) fall.
        if (p.name === "game-over") await page.waitForTimeout(2500);
        await transitionsDone(page);
        await page.screenshot({ path: join(SHOTS, `${language}-${size.width}-${p.name}.png`), fullPage: true });
        const result = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .analyze();
        for (const v of result.violations) {
          if (v.impact === "serious" || v.impact === "critical") {
            problems.push(`${p.path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
          }
        }
      }
      expect(problems, problems.join("\n")).toEqual([]);
    });
  }
}
