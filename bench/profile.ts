// Where a page's main-thread time goes (issue 29): each page loaded at a 4x CPU slowdown (Chromium's DevTools
// throttling, as Lighthouse's mobile preset assumes) under a Chromium trace with V8's sampling profiler, for
// --seconds after the load (the offline warm-up starts 4 s in). From the trace: the renderer's main-thread tasks over
// 50 ms (what Lighthouse counts as long tasks, and their blocking time over 50 ms), and, from the samples in them,
// which source files and functions the time went to, mapped back through the build's source maps (the app is built
// with them, into a folder of its own). "(program)" is the browser's own work: parsing, style, layout, paint.
//
//   npm run profile -w bench [-- --pages /home,/progress --states first,returning --seconds 8 --top 15 --traces dir]
// --traces: each page's trace is written there (open it in Chromium's DevTools, Performance panel).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";
import { buildApp, printSummary, TRACE_CATEGORIES, type TraceEvent } from "./trace.ts";
import { freshDevice, learnerStates, serve } from "./web-pages.ts";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "" },
    states: { type: "string", default: "first,returning" },
    seconds: { type: "string", default: "8" },
    top: { type: "string", default: "12" },
    traces: { type: "string", default: "" },
  },
});
const dist = mkdtempSync(join(tmpdir(), "ivrit-profile-web-"));
console.log("building the app with source maps...");
buildApp(dist);
const app = await serve(3710, { DATA_DIR: mkdtempSync(join(tmpdir(), "ivrit-profile-")), WEB_DIST: dist });
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const originUrl = "http://127.0.0.1:3710";
  const { states, paths } = await learnerStates(originUrl);
  // One visit of each page first, unmeasured: the server's caches warm.
  for (const path of paths) {
    const page = await browser.newPage();
    await page.goto(`${originUrl}${path}`, { waitUntil: "networkidle0" });
    await page.close();
  }
  for (const state of values.states.split(",").filter((s) => s in states))
    for (const path of paths.filter((p) => !values.pages || values.pages.split(",").includes(p))) {
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await freshDevice(page, originUrl, states[state] ?? {});
      const cdp = await page.createCDPSession();
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.tracing.start({ categories: TRACE_CATEGORIES });
      await page.goto(`${originUrl}${path}`, { waitUntil: "load" });
      await new Promise((r) => setTimeout(r, Number(values.seconds) * 1000));
      const raw = Buffer.from((await page.tracing.stop()) ?? []).toString("utf8");
      if (values.traces) {
        mkdirSync(values.traces, { recursive: true });
        writeFileSync(join(values.traces, `${path.replace(/[^a-z0-9]+/gi, "_")}-${state}.json`), raw);
      }
      const trace = JSON.parse(raw) as {
        traceEvents: TraceEvent[];
      };
      await page.close();
      printSummary(`${path} (${state})`, trace.traceEvents, dist, Number(values.top));
    }
} finally {
  await browser.close();
  app.kill("SIGTERM");
  rmSync(dist, { recursive: true, force: true });
}
