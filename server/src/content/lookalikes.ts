// The taught words a learner could type instead of a word (same letters up to vav, yod and final forms: בת, בית),
// with their meaning, so that a typing card can refuse them by name (issue 24, decision 0081). Grouped once per
// content snapshot.
import type { Language } from "@ivrit/core/languages";
import { lookalikeGroups, lookalikesOf, type TypedLookalike } from "@ivrit/core/typing";
import type { CachedWord, ContentSnapshot } from "./cache.ts";

const groupsBySnapshot = new WeakMap<ContentSnapshot, Map<string, CachedWord[]>>();

export function lookalikesFor(snap: ContentSnapshot, word: CachedWord, language: Language): TypedLookalike[] {
  let groups = groupsBySnapshot.get(snap);
  if (!groups) {
    groups = lookalikeGroups(snap.words);
    groupsBySnapshot.set(snap, groups);
  }
  return lookalikesOf(word, groups, (w) => w.tr[language]);
}
