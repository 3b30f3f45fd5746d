// A job run once a day in each process (the idle learners, the event archive): first `firstMs` after the start, then
// every 24 hours, never two runs at once in a process.

export const DAY_MS = 86_400_000;

/**
 * Schedules `job` (which logs and catches its own failures: a failed run is simply tried again the next day) and
 * answers what stops it: no further run, and the one under way awaited.
 */
export function scheduleDaily(job: () => Promise<void>, firstMs: number): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(job);
  };
  const first = setTimeout(run, firstMs).unref();
  const daily = setInterval(run, DAY_MS).unref();
  return async () => {
    clearTimeout(first);
    clearInterval(daily);
    await running;
  };
}
