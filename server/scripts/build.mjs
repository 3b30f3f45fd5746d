// Builds the server and the CLI into plain JavaScript (server/dist/main.js, server/dist/cli.js) so that `npm start`
// runs `node` with no TypeScript loader. Our workspace packages (@ivrit/core, @ivrit/content) export TypeScript
// sources, so they are bundled in; every other package stays an import resolved from node_modules at run time
// (PGlite loads its WASM and data files from its own folder, and pg/ioredis have optional native parts).
// Paths on disk come from src/paths.ts, which resolves them from the bundle's folder (see its comment).
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { externalPackages } from "./external-packages.mjs";

const serverDir = join(import.meta.dirname, "..");
const outdir = join(serverDir, "dist");
rmSync(outdir, { recursive: true, force: true });

const started = performance.now();
// The start line's version: the commit, marked when the work tree had changes (src/version.ts).
const git = (...args) => spawnSync("git", args, { cwd: serverDir, encoding: "utf8" }).stdout?.trim() ?? "";
const version = git("describe", "--always", "--dirty") || "unknown";
const result = await build({
  entryPoints: {
    main: join(serverDir, "src/main.ts"),
    // `npm start` runs this one: main.ts in a process restarted with its memory settings (src/tuned-process.ts).
    start: join(serverDir, "src/start.ts"),
    cli: join(serverDir, "src/cli.ts"),
    // boot() runs it in a child process to load content into an embedded database (src/paths.ts).
    "load-content": join(serverDir, "src/content/load-child.ts"),
  },
  outdir,
  bundle: true,
  splitting: true, // main and cli share most of the code: one chunk, not two copies
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  metafile: true,
  logLevel: "warning",
  plugins: [externalPackages],
  define: { __IVRIT_VERSION__: JSON.stringify(version) },
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
console.log(
  `server built into ${outdir} (${(bytes / 1024).toFixed(0)} kB with source maps) in ${Math.round(performance.now() - started)} ms`,
);
