// Lighthouse benchmark (issues 16 and 29): mobile performance of every page (/welcome, /home, /words, /library, a
// game, /review, /progress, /account), each the median of --runs runs (Lighthouse's default mobile form factor and
// simulated throttling, Debian's Chromium), beside a minimal Vite + React page built with the same compression
// plugin and served by the same server (the floor). The app is the production build (in a folder of its own),
// served by `node server/dist/start.js` as `npm start` does. Each page in two states (--states):
// - first: a new learner's first visit (nothing on the device; /home and the other first pages land on /welcome);
// - returning: a learner who has been here before: the first-run choice made, language English, an active module,
//   and two weeks of answers on the server (so /review has cards and /progress its charts).
// Besides the score, LCP, TBT and CLS: the long tasks (main-thread tasks over 50 ms) Lighthouse saw, their number
// and the longest.
//
//   npm run lighthouse -w bench [-- --runs 3 --pages /home,/words --states first,returning --out /tmp/lhr
//                                   --before /tmp/old-dist]
// --out: each run's full Lighthouse report (JSON) is written there, to read its long tasks and layout shifts.
// --before: a production build of an earlier commit (`vite build --outDir <dir>` in a worktree), served by a third
// server and measured in the same run, its rows marked "before": a change's effect beside the floor, on the same
// loaded machine.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";
import { freshDevice, learnerStates, serve } from "./web-pages.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: "" },
    states: { type: "string", default: "first,returning" },
    out: { type: "string", default: "" },
    before: { type: "string", default: "" },
  },
});
const RUNS = Number(values.runs);
const root = join(import.meta.dirname, "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** A minimal Vite + React page, built with the app's own compression plugin (the same .br/.gz copies). */
async function buildFloor(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "ivrit-floor-"));
  mkdirSync(join(dir, "src"));
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>`,
  );
  writeFileSync(
    join(dir, "src", "main.jsx"),
    `import { createRoot } from "react-dom/client";\ncreateRoot(document.getElementById("root")).render(<main><h1>Hello</h1><p>A minimal Vite + React page.</p></main>);\n`,
  );
  const { build } = await import("vite");
  const react = (await import("@vitejs/plugin-react")).default;
  // A path computed at run time: the web's build code is not part of this workspace's type check.
  const { compressBuild } = (await import(join(root, "web", "build", "compress-plugin.ts"))) as {
    compressBuild: () => import("vite").Plugin;
  };
  await build({
    root: dir,
    logLevel: "warn",
    plugins: [react(), compressBuild()],
    resolve: { alias: { react: join(root, "node_modules/react"), "react-dom": join(root, "node_modules/react-dom") } },
    build: { outDir: join(dir, "dist"), target: "es2022" },
  });
  return join(dir, "dist");
}

type Score = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  longTasks: number;
  longest: number;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function audit(browser: Browser, origin: string, path: string, state: Record<string, string>): Promise<Score> {
  const page = await browser.newPage();
  // A first load: no service worker, no cached files (Lighthouse's own reset is off, to keep the learner's state).
  await freshDevice(page, origin, state);
  const result = await lighthouse(
    `${origin}${path}`,
    { output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true },
    undefined,
    page,
  );
  await page.close();
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    const name = `${path.replace(/[^a-z0-9]+/gi, "_") || "_"}-${origin.split(":").pop()}-${Date.now()}.json`;
    writeFileSync(join(values.out, name), JSON.stringify(lhr));
  }
  const audits = lhr.audits;
  const tasks = ((audits["long-tasks"]?.details as { items?: { duration: number }[] } | undefined)?.items ?? []).map(
    (t) => t.duration,
  );
  return {
    longTasks: tasks.length,
    longest: Math.round(Math.max(0, ...tasks)),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
    tbt: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    fcp: Math.round(audits["first-contentful-paint"]?.numericValue ?? 0),
  };
}

// The production build in a folder of its own (the browser tests build web/dist with the API checks in it).
const appDist = mkdtempSync(join(tmpdir(), "ivrit-lh-web-"));
{
  console.log("building the app (production web build, server bundle)...");
  const env = { ...process.env };
  delete env.VITE_CHECK_API;
  const quiet = { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] as ("ignore" | "inherit")[] };
  execFileSync("npx", ["vite", "build", "--outDir", appDist, "--emptyOutDir"], { ...quiet, cwd: join(root, "web") });
  execFileSync("npm", ["run", "build", "-w", "server"], quiet);
}
const floorDist = await buildFloor();
const dataDir = mkdtempSync(join(tmpdir(), "ivrit-lh-"));
const floorData = mkdtempSync(join(tmpdir(), "ivrit-lh-floor-"));
const app = await serve(3700, { DATA_DIR: dataDir, WEB_DIST: appDist });
const floor = await serve(3701, { DATA_DIR: floorData, WEB_DIST: floorDist });
const beforeData = values.before ? mkdtempSync(join(tmpdir(), "ivrit-lh-before-")) : "";
const before = values.before ? await serve(3702, { DATA_DIR: beforeData, WEB_DIST: values.before }) : null;
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const appOrigin = "http://127.0.0.1:3700";
  const { states, paths } = await learnerStates(appOrigin);
  const floorPage = {
    name: "minimal Vite + React page (floor)",
    state: "-",
    origin: "http://127.0.0.1:3701",
    path: "/",
  };
  const pages: { name: string; state: string; origin: string; path: string }[] = [floorPage];
  for (const state of values.states.split(",").filter((x) => x in states))
    for (const path of paths.filter((x) => !values.pages || values.pages.includes(x)))
      pages.push({ name: path, state, origin: appOrigin, path });
  if (before) {
    // Each page right after its "before" build: the machine's load drifts less between the two.
    for (let i = pages.length - 1; i >= 0; i--) {
      const p = pages[i];
      if (p?.origin === appOrigin)
        pages.splice(i, 0, { ...p, name: `before ${p.name}`, origin: "http://127.0.0.1:3702" });
    }
  }
  // One unmeasured visit of each page first: the server's caches and the database warm, as for a learner who is not
  // the first visitor since the server started.
  for (const p of pages) {
    const page = await browser.newPage();
    await page.goto(`${p.origin}${p.path}`, { waitUntil: "networkidle0" });
    await page.close();
  }
  const rows: Record<string, string | number>[] = [];
  let floorScore = 0;
  for (const p of pages) {
    const runs: Score[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(browser, p.origin, p.path, states[p.state] ?? {}));
    const m = {
      score: median(runs.map((r) => r.score)),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: median(runs.map((r) => r.cls)),
      fcp: median(runs.map((r) => r.fcp)),
      longTasks: median(runs.map((r) => r.longTasks)),
      longest: median(runs.map((r) => r.longest)),
    };
    if (rows.length === 0) floorScore = m.score;
    rows.push({
      page: p.name,
      state: p.state,
      performance: m.score,
      "ratio to floor": Number((m.score / (floorScore || 1)).toFixed(2)),
      "LCP ms": m.lcp,
      "TBT ms": m.tbt,
      CLS: m.cls,
      "FCP ms": m.fcp,
      "long tasks": m.longTasks,
      "longest ms": m.longest,
      runs: runs.map((r) => r.score).join(" "),
    });
    console.log(`${p.name} (${p.state}): ${runs.map((r) => r.score).join(", ")}`);
  }
  console.log(
    `\nLighthouse ${RUNS} runs per page (median), loads with no cache and no service worker, mobile, simulated throttling, ${CHROMIUM}; first: a new device, returning: a learner with two weeks of answers; goal: >= 90, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1`,
  );
  console.table(rows);
} finally {
  await browser.close();
  app.kill("SIGTERM");
  floor.kill("SIGTERM");
  before?.kill("SIGTERM");
  if (beforeData) rmSync(beforeData, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(floorData, { recursive: true, force: true });
  rmSync(join(floorDist, ".."), { recursive: true, force: true });
  rmSync(appDist, { recursive: true, force: true });
}
