// Ids the client makes once for what it sends (review events, word-progress batches, queue entries): time, a counter
// and randomness, so a retry of the same thing carries the same id and the server recognises it.
let counter = 0;

export function newClientId(now: number = Date.now()): string {
  counter += 1;
  const random =
    typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
      ? crypto.randomUUID().replaceAll("-", "").slice(0, 16)
      : Math.floor(Math.random() * 1e12).toString(36);
  return `${now.toString(36)}-${counter.toString(36)}-${random}`;
}
