// Seeded random numbers: every engine takes one, so a seed gives the same rounds every time.
export type Rng = () => number;

/** mulberry32: small, fast, good enough for shuffling game rounds. Returns floats in [0, 1). */
export function createRng(seed: number): Rng {
  let a = Math.trunc(seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A new array in random order (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Up to `n` distinct items in random order. */
export function sample<T>(items: readonly T[], n: number, rng: Rng): T[] {
  return shuffle(items, rng).slice(0, Math.max(0, n));
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

/** Up to `n` items in random order with different keys: of items sharing a key only one is taken. */
export function sampleDistinct<T>(items: readonly T[], n: number, rng: Rng, key: (item: T) => string): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  for (const item of shuffle(items, rng)) {
    if (out.length >= n) break;
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(item);
  }
  return out;
}

/** Up to `n` items in random order, spread over as many keys as there are before any key repeats. */
export function sampleSpread<T>(items: readonly T[], n: number, rng: Rng, key: (item: T) => string): T[] {
  const first = sampleDistinct(items, n, rng, key);
  if (first.length >= n) return first;
  const taken = new Set(first);
  return [...first, ...shuffle(items, rng).filter((item) => !taken.has(item))].slice(0, Math.max(0, n));
}
