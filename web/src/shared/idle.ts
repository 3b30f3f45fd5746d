/** Runs `work` when the main thread is idle (at the latest after `timeout` ms); returns a cancel function. */
export function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback !== "function") {
    const t = setTimeout(work, 0);
    return () => clearTimeout(t);
  }
  const id = window.requestIdleCallback(work, { timeout });
  return () => window.cancelIdleCallback(id);
}

/**
 * Resolves at the next idle moment of the main thread (at the latest after `timeout` ms): background work (the
 * offline warm-up) awaits it between its pieces, so that a tap waits for no piece of it (issue 29.3).
 */
export function idleSlice(timeout = 2_000): Promise<void> {
  return new Promise((resolve) => void whenIdle(() => resolve(), timeout));
}
