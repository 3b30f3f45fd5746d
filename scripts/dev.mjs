// `npm run dev`: the development loop. The API server under `tsx watch` (restarts when server/, core/ or content/
// code changes) on http://localhost:3000, and Vite's dev server (hot reload) on http://localhost:5173, which proxies
// /api and /audio to the API server (web/vite.config.ts). Both outputs are shown, prefixed; Ctrl-C stops both.
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const children = [
  { name: "api", color: 36, args: ["run", "dev", "-w", "server"] },
  { name: "web", color: 35, args: ["run", "dev", "-w", "web", "--", "--port", process.env.WEB_PORT ?? "5173"] },
].map(({ name, color, args }) => {
  const child = spawn("npm", args, { cwd: root, env: { ...process.env, FORCE_COLOR: "1" } });
  const prefix = `\x1b[${color}m${name.padEnd(3)} |\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on("exit", (code) => {
    console.log(`${prefix}exited with ${code}`);
    stop(code ?? 1);
  });
  return child;
});

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
