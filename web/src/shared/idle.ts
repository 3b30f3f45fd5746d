/** Runs `work` when the main thread is idle (at the latest after `timeout` ms); returns a cancel function. */
export function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback !== "function") {
    const t = setTimeout(work, 0);
    return () => clearTimeout(t);
  }
  const id = window.requestIdleCallback(work, { timeout });
  return () => window.cancelIdleCallback(id);
}
