// Root families shared by root recall and root tree: the pool's words grouped by the valid roots they carry.
import type { Word } from "../schemas/api.ts";
import { rootKey, validRoots } from "./eligibility.ts";

export interface RootFamily {
  /** The root as the content writes it (כ-ת-ב). */
  root: string;
  definition: string;
  /** The pool's words with this root, in pool order, each once. */
  words: Word[];
}

/** One family per valid root in the pool, in order of first appearance. N/A and invalid roots are left out. */
export function rootFamilies(words: readonly Word[]): RootFamily[] {
  const byKey = new Map<string, RootFamily>();
  for (const word of words) {
    for (const { root, definition } of validRoots(word)) {
      const key = rootKey(root);
      const family = byKey.get(key);
      if (family === undefined) byKey.set(key, { root, definition, words: [word] });
      else if (!family.words.some((w) => w.id === word.id)) family.words.push(word);
    }
  }
  return [...byKey.values()];
}
