// Settings of the server process that only take effect when a process starts (issue 16.4, decision 0065): V8's
// young generation, and glibc's threshold for giving large allocations their own mapping and its number of arenas.
// `npm start` runs dist/start.js, which restarts itself once in place (execve: same process id, same open files,
// same signals) with them, then runs main.ts; the bench starts its server processes with the same ones.

/** V8: semi-spaces of 8 MB instead of 16, half the young generation (what it saves at 10x content: decision 0065). */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8"];

/**
 * glibc: blocks of 128 kB and more always get a mapping of their own, returned to the system when freed (by default
 * the threshold rises to the size of the largest block freed, up to 32 MB, after which answers' and compressors'
 * buffers come from a heap that keeps its high-water mark); and one malloc arena for all threads (a thread's arena
 * of its own grew for a moment at each burst of PGlite writes, as /proc/<pid>/smaps showed: decision 0065).
 */
const SERVER_MALLOC_ENV: Record<string, string> = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "1" };

const TUNED = "IVRIT_TUNED_PROCESS";

/** `env` with the malloc settings added where it does not set them (an empty value counts as unset). */
export function withMallocEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) if (!out[name]) out[name] = value;
  return out;
}

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

/**
 * Replaces this process with one started with the settings above (flags given on the command line and variables
 * already set take precedence). Returns without doing anything once done, where `process.execve` is missing
 * (Windows, Node before 22.15), or in a process with an IPC channel (one a watcher or test runner controls).
 */
export function restartTuned(): void {
  const execve = (process as unknown as { execve?: Execve }).execve;
  const script = process.argv[1];
  if (process.env[TUNED] || !execve || process.platform === "win32" || process.send || !script) return;
  execve(
    process.execPath,
    [process.execPath, ...SERVER_NODE_FLAGS, ...process.execArgv, script, ...process.argv.slice(2)],
    withMallocEnv({ ...process.env, [TUNED]: "1" }),
  );
}
