// Group commit for the embedded database: a write is answered only once the WAL is on disk (fdatasync), and
// concurrent writers share those syncs instead of queueing one each.
//
// A caller that arrives while a sync is running cannot count on it: its commit may have reached the WAL after that
// sync began. It waits for the next sync, which then covers every caller that arrived in the meantime. So at most
// two syncs are ever in flight or waiting, however many requests write at once.

export function groupFlush(syncOnce: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  const start = (): Promise<void> => {
    const sync: Promise<void> = syncOnce().finally(() => {
      if (running === sync) running = null;
    });
    running = sync;
    return sync;
  };

  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => {}) // the next sync runs whether or not this one failed
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}
