// Root tree, "Word Explorer" (SPEC section 4): a root and its first word; more words on request; a new root
// on request, preferring roots with 2+ words and not repeating one until every root was shown.
import { type Rng, sample } from "../rng.ts";
import type { Word } from "../schemas/api.ts";
import type { GameResults, LearnedRoot } from "./results.ts";
import { type RootFamily, rootFamilies } from "./roots.ts";
import { learnedRoot } from "./word-fields.ts";

export interface RootTreeState {
  readonly families: readonly RootFamily[];
  /** Index into families of the root on screen. */
  readonly current: number;
  /** How many of the current root's words are shown (at least 1). */
  readonly revealed: number;
  /** Families shown since the cycle began; cleared once every family was shown. */
  readonly seen: readonly number[];
  /** Every root shown, in order, with how many of its words were revealed: the results. */
  readonly visits: readonly { readonly family: number; readonly revealed: number }[];
}

type RootTreeStart = { kind: "ready"; state: RootTreeState } | { kind: "noRoots" };

function choose(families: readonly RootFamily[], candidates: number[], rng: Rng): number {
  const rich = candidates.filter((i) => (families[i]?.words.length ?? 0) >= 2);
  return sample(rich.length > 0 ? rich : candidates, 1, rng)[0] as number;
}

function show(state: Omit<RootTreeState, "current" | "revealed">, family: number): RootTreeState {
  return { ...state, current: family, revealed: 1, visits: [...state.visits, { family, revealed: 1 }] };
}

export function buildRootTree(words: readonly Word[], rng: Rng): RootTreeStart {
  const families = rootFamilies(words);
  if (families.length === 0) return { kind: "noRoots" };
  const first = choose(
    families,
    families.map((_, i) => i),
    rng,
  );
  return { kind: "ready", state: show({ families, seen: [first], visits: [] }, first) };
}

export function currentFamily(state: RootTreeState): RootFamily {
  return state.families[state.current] as RootFamily;
}

/** The words on screen: the first `revealed` words of the current root. */
export function visibleWords(state: RootTreeState): Word[] {
  return currentFamily(state).words.slice(0, state.revealed);
}

export function canAddMore(state: RootTreeState): boolean {
  return state.revealed < currentFamily(state).words.length;
}

/** 'Add more words': reveals the current root's next word. */
export function addMore(state: RootTreeState): RootTreeState {
  if (!canAddMore(state)) return state;
  const revealed = state.revealed + 1;
  const visits = state.visits.map((v, i) => (i === state.visits.length - 1 ? { ...v, revealed } : v));
  return { ...state, revealed, visits };
}

/** 'New root': one not shown in this cycle (2+ words first); when all were shown a new cycle begins. */
export function newRoot(state: RootTreeState, rng: Rng): RootTreeState {
  const all = state.families.map((_, i) => i);
  const unseen = all.filter((i) => !state.seen.includes(i));
  if (unseen.length > 0) {
    const family = choose(state.families, unseen, rng);
    return show({ ...state, seen: [...state.seen, family] }, family);
  }
  // A new cycle; the root on screen is not picked again straight away unless it is the only one.
  const others = all.filter((i) => i !== state.current);
  const family = choose(state.families, others.length > 0 ? others : all, rng);
  return show({ ...state, seen: [family] }, family);
}

/** The roots explored, one entry per revealed word. correct and total both count the roots shown. */
export function rootTreeResults(state: RootTreeState, sessionId: string): GameResults {
  const learnedRoots: LearnedRoot[] = [];
  const seen = new Set<string>();
  for (const visit of state.visits) {
    const family = state.families[visit.family] as RootFamily;
    for (const word of family.words.slice(0, visit.revealed)) {
      const key = `${visit.family}:${word.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      learnedRoots.push(learnedRoot(family.root, family.definition, word));
    }
  }
  const roots = new Set(state.visits.map((v) => v.family)).size;
  return {
    learnedWords: [],
    learnedRoots,
    gameType: "rootTree",
    correct: roots,
    total: roots,
    sessionId,
    skippedLast: false,
  };
}
