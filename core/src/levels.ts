// Where each level starts after the first run (issue 24, decision 0082): within three taps of a first question.
import type { Tier } from "./plans.ts";

/**
 * The first screen of a level:
 * - 1 "new to Hebrew": the beginner menu (letters, vowels, first words);
 * - 2 "some Hebrew, reads a little, knows some everyday words": translation match on Greetings (module 1), the
 *   first everyday module, pointed words;
 * - 3 "reads well, wants richer vocabulary": translation match on Things and ideas (module 109), the tier-1 module
 *   of abstract nouns a reader has not met in the everyday modules.
 * Translation match makes the module active as it opens; the library and the chooser stay a tap away.
 */
const LEVEL_START_MODULE = { 2: 1, 3: 109 } as const;

export function levelStartPath(level: Tier): string {
  if (level === 1) return "/beginner";
  return `/game/${LEVEL_START_MODULE[level]}/translation-match`;
}
