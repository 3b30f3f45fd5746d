// The server's answer caches: strings bounded by their size in memory, least recently used entries out first, so
// that what they hold has a ceiling whatever the content's size or the queries' variety (decision 0027). The
// eviction is lru-cache's (decision 0100); this file only says how a string is weighed.
import { LRUCache } from "lru-cache";

/** V8 keeps a string with any character above Latin-1 (Hebrew, Arabic, Cyrillic) at two bytes a character. */
const bytesOf = (s: string) => s.length * 2;

export type StringCache = LRUCache<string, string>;

/**
 * A cache of at most `maxBytes` of keys and values. A value that alone takes more than a quarter of the bound is not
 * kept (it would flush everything else), and replaces nothing.
 */
export function stringCache(maxBytes: number): StringCache {
  return new LRUCache<string, string>({
    maxSize: maxBytes,
    maxEntrySize: Math.floor(maxBytes / 4),
    sizeCalculation: (value, key) => Math.max(1, bytesOf(key) + bytesOf(value)),
  });
}
