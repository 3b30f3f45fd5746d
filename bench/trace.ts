// What the browser benches share (profile.ts, inp.ts): the production build with source maps, and a Chromium trace
// read as Lighthouse reads it: the renderer's main-thread tasks over 50 ms, with the V8 samples taken in them mapped
// back to the app's source files and functions. "(program)" is the browser's own work: parsing, style, layout, paint.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

const root = join(import.meta.dirname, "..");

/** The production web build (source maps beside it) into `dist`, and the server's bundle. */
export function buildApp(dist: string): void {
  const env = { ...process.env };
  delete env.VITE_CHECK_API;
  const quiet = { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] as ("ignore" | "inherit")[] };
  execFileSync("npx", ["vite", "build", "--outDir", dist, "--emptyOutDir", "--sourcemap"], {
    ...quiet,
    cwd: join(root, "web"),
  });
  execFileSync("npm", ["run", "build", "-w", "server"], quiet);
}

/** The categories a trace needs for tasks, the browser's work in them and V8's samples. */
export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "disabled-by-default-v8.cpu_profiler",
];

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};

const maps = new Map<string, TraceMap | null>();
/** The source a frame of the build comes from: a package's name, or the app's file; with its function's name. */
const origins = new Map<string, { file: string; fn: string }>();
function origin(dist: string, frame: Node["callFrame"]): { file: string; fn: string } {
  const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}:${frame.functionName}`;
  let found = origins.get(key);
  if (!found) {
    found = mapFrame(dist, frame);
    origins.set(key, found);
  }
  return found;
}

function mapFrame(dist: string, frame: Node["callFrame"]): { file: string; fn: string } {
  const asset = /\/assets\/([^/?#]+\.js)/.exec(frame.url)?.[1];
  if (!asset) return { file: frame.url ? "(other script)" : frame.functionName || "(native)", fn: frame.functionName };
  if (!maps.has(asset)) {
    try {
      maps.set(asset, new TraceMap(readFileSync(join(dist, "assets", `${asset}.map`), "utf8")));
    } catch {
      maps.set(asset, null);
    }
  }
  const map = maps.get(asset);
  const pos =
    map && frame.lineNumber >= 0
      ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
      : null;
  const source = pos?.source ?? asset;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  const file = pkg ?? source.replace(/^.*\/web\/src\//, "web/").replace(/^.*\/core\/src\//, "core/");
  return { file, fn: pos?.name ?? frame.functionName ?? "" };
}

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: (Node & { parent?: number })[]; samples?: number[] };
      timeDeltas?: number[];
      type?: string;
    };
  };
};

const BROWSER_WORK = new Set([
  "UpdateLayoutTree",
  "Layout",
  "Paint",
  "PrePaint",
  "Layerize",
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "v8.compile",
  "v8.compileModule",
  "MajorGC",
  "MinorGC",
  "HitTest",
  "Commit",
]);

/**
 * From a Chromium trace: the renderer's main-thread tasks over 50 ms (as Lighthouse counts long tasks) and the V8
 * samples taken in them, so each long task names the code it ran; and the time by source over the whole load.
 */
export function analyse(events: TraceEvent[], dist: string) {
  // The page's renderer: of the renderers' main threads, the one that ran the most.
  const ran = new Map<string, number>();
  for (const e of events)
    if (e.ph === "X" && e.name === "RunTask")
      ran.set(`${e.pid}:${e.tid}`, (ran.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = events
    .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
    .sort((x, y) => (ran.get(`${y.pid}:${y.tid}`) ?? 0) - (ran.get(`${x.pid}:${x.tid}`) ?? 0))[0];
  // The sampling profile of that renderer (its nodes and samples come in chunks, on the trace's clock).
  const nodes = new Map<number, Node & { parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  const profiles = new Map<string, number>();
  for (const e of events)
    if (e.name === "Profile" && e.pid === main?.pid && e.tid === main?.tid && e.id)
      profiles.set(e.id, e.args?.data?.startTime ?? e.ts);
  for (const e of events) {
    if (e.name !== "ProfileChunk" || e.pid !== main?.pid || !e.id || !profiles.has(e.id)) continue;
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    let ts = profiles.get(e.id) as number;
    const ids = data?.cpuProfile?.samples ?? [];
    ids.forEach((node, i) => {
      ts += data?.timeDeltas?.[i] ?? 0;
      samples.push({ ts, node });
    });
    profiles.set(e.id, ts);
  }
  samples.sort((x, y) => x.ts - y.ts);
  const tasks = events
    .filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === "X" && e.name === "RunTask")
    .sort((x, y) => x.ts - y.ts);
  // The task that unloads the page before (robots.txt, where the device state is set) also starts the profiler: not
  // the measured page's.
  const unload = events.find(
    (e) =>
      e.pid === main?.pid && e.tid === main?.tid && e.name === "EventDispatch" && e.args?.data?.type === "pagehide",
  );
  if (unload) tasks.splice(0, tasks.filter((t) => t.ts <= unload.ts).length);
  const start = tasks[0]?.ts ?? 0;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const attribute = (from: number, to: number, files: Map<string, number>) => {
    let last = from;
    for (const s of samples) {
      if (s.ts < from || s.ts > to) continue;
      const dt = (s.ts - last) / 1000;
      last = s.ts;
      const node = nodes.get(s.node);
      if (!node || node.callFrame.functionName === "(idle)") continue;
      const { file } = origin(dist, node.callFrame);
      files.set(file, (files.get(file) ?? 0) + dt);
      self.set(file, (self.get(file) ?? 0) + dt);
      // Inclusive time of the app's own functions (each once per sample, however deep the recursion).
      const seen = new Set<string>();
      for (
        let n: (Node & { parent?: number }) | undefined = node;
        n;
        n = n.parent === undefined ? undefined : nodes.get(n.parent)
      ) {
        const o = origin(dist, n.callFrame);
        if (!o.file.startsWith("web/") && !o.file.startsWith("core/")) continue;
        const key = `${o.file} ${o.fn}`;
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
      }
    }
  };
  // The browser's own work in a task, by the trace's names for it (what "(program)" hides).
  const work = events.filter(
    (e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === "X" && BROWSER_WORK.has(e.name),
  );
  const long: { start: number; ms: number; files: Map<string, number> }[] = [];
  let busy = 0;
  for (const t of tasks) {
    const ms = (t.dur ?? 0) / 1000;
    busy += ms;
    const files = new Map<string, number>();
    attribute(t.ts, t.ts + (t.dur ?? 0), files);
    for (const w of work)
      if (w.ts >= t.ts && w.ts < t.ts + (t.dur ?? 0))
        files.set(`[${w.name}]`, (files.get(`[${w.name}]`) ?? 0) + (w.dur ?? 0) / 1000);
    if (ms > 50) long.push({ start: (t.ts - start) / 1000, ms, files });
  }
  return { self, inclusive, long, busy };
}

export const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);

/** Prints a trace's summary: busy time, long tasks with what ran in them, time by source, the app's functions. */
export function printSummary(title: string, events: TraceEvent[], dist: string, top = 12): void {
  const { self, inclusive, long, busy } = analyse(events, dist);
  const blocking = long.reduce((a, s) => a + s.ms - 50, 0);
  console.log(
    `\n## ${title}: main thread busy ${Math.round(busy)} ms at 4x; ${long.length} tasks over 50 ms, ${Math.round(blocking)} ms over 50 (blocking)`,
  );
  console.log(
    `long: ${long
      .map((s) => {
        const top = sorted(s.files)
          .slice(0, 4)
          .map(([f, ms]) => `${f} ${Math.round(ms)}`)
          .join(", ");
        return `@${Math.round(s.start)} ${Math.round(s.ms)} ms (${top})`;
      })
      .join("; ")}`,
  );
  console.log(
    `self by source: ${sorted(self)
      .slice(0, top)
      .map(([f, ms]) => `${f} ${Math.round(ms)}`)
      .join(" | ")}`,
  );
  console.log(
    `app functions, inclusive: ${sorted(inclusive)
      .slice(0, top)
      .map(([f, ms]) => `${f} ${Math.round(ms)}`)
      .join(" | ")}`,
  );
}
