// Write combining: requests that write under the same key (one learner's review data) while a transaction for
// that key is running wait for it to end and are then written together in ONE transaction, instead of queueing
// one transaction (and one row lock wait, one card read, one commit) each. Keys never share a transaction, so
// different learners still write in parallel. A request is answered from its own share of the batch's result.
//
// A key's first run starts after the requests already read from the sockets have been handled (setImmediate), so
// a burst that arrives together is written together from the start. The batch is bounded by `maxWeight` (the sum of the items' weights, e.g. their event counts), so one statement
// never grows without limit; an item heavier than the bound still runs, alone. A failed batch fails each of its
// requests with the same error (every item was validated before it was queued, so what fails a batch is the
// database, which would have failed each request alone too).

type Waiting<I, R> = { item: I; resolve: (r: R) => void; reject: (e: unknown) => void };

export function combiner<K, I, R>(opts: {
  run: (key: K, items: I[]) => Promise<R[]>;
  weight: (item: I) => number;
  maxWeight: number;
}): (key: K, item: I) => Promise<R> {
  const queues = new Map<K, Waiting<I, R>[]>();

  const drain = async (key: K, queue: Waiting<I, R>[]) => {
    while (queue.length > 0) {
      let n = 0;
      let weight = 0;
      while (n < queue.length) {
        const w = opts.weight((queue[n] as Waiting<I, R>).item);
        if (n > 0 && weight + w > opts.maxWeight) break;
        weight += w;
        n++;
      }
      const batch = queue.splice(0, n);
      try {
        const results = await opts.run(
          key,
          batch.map((b) => b.item),
        );
        for (const [i, b] of batch.entries()) b.resolve(results[i] as R);
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
    queues.delete(key);
  };

  return (key, item) =>
    new Promise<R>((resolve, reject) => {
      const queue = queues.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      const fresh: Waiting<I, R>[] = [{ item, resolve, reject }];
      queues.set(key, fresh);
      setImmediate(() => void drain(key, fresh));
    });
}
