// A cache of strings bounded by their size in memory: least recently used entries leave first. The server's
// answer caches use it so that what they hold has a ceiling whatever the content's size or the queries' variety.

/** V8 keeps a string with any character above Latin-1 (Hebrew, Arabic, Cyrillic) at two bytes a character. */
const bytesOf = (s: string) => s.length * 2;

export class StringLru {
  private readonly entries = new Map<string, string>();
  private readonly maxBytes: number;
  private size = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.entries.size;
  }

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Most recent last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value` unless it alone is larger than a quarter of the bound (it would flush everything else). */
  set(key: string, value: string): void {
    const cost = bytesOf(key) + bytesOf(value);
    if (cost > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.size -= bytesOf(key) + bytesOf(old);
    }
    this.entries.set(key, value);
    this.size += cost;
    for (const [k, v] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(k);
      this.size -= bytesOf(k) + bytesOf(v);
    }
  }
}
