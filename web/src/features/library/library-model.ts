// Pure library rules: which modules a tier shows, the field filter and the tier-3 grouping.
import type { Module } from "@ivrit/core/schemas/api";

export const GENERAL = "__general__";
export const ALL = "__all__";

/** A tier's own modules (tier 1: the beginner module first), by id. */
export function modulesForTier(modules: readonly Module[], tier: number): Module[] {
  const rank = (m: Module) => (m.is_beginner ? 0 : 1);
  return modules.filter((m) => m.tier === tier).sort((a, b) => rank(a) - rank(b) || a.id - b.id);
}

/** The modules of the tiers below (a learner on tier 3 may still want them), nearest tier first. */
export function lowerTierModules(modules: readonly Module[], tier: number): Module[] {
  return modules.filter((m) => m.tier < tier).sort((a, b) => b.tier - a.tier || a.id - b.id);
}

/** Field names of the modules (for the tier-3 filter), sorted, plus General when a module has none. */
export function fieldOptions(modules: readonly Module[], collator: Intl.Collator): string[] {
  const names = new Set<string>();
  let general = false;
  for (const m of modules) {
    if (m.field_names.length === 0) general = true;
    for (const f of m.field_names) names.add(f);
  }
  const sorted = [...names].sort(collator.compare);
  return general ? [...sorted, GENERAL] : sorted;
}

export function filterByField(modules: readonly Module[], field: string): Module[] {
  if (field === ALL) return [...modules];
  if (field === GENERAL) return modules.filter((m) => m.field_names.length === 0);
  return modules.filter((m) => m.field_names.includes(field));
}

interface FieldGroup {
  field: string;
  modules: Module[];
}

/** Tier 3: modules grouped under their field headings, sorted alphabetically ('General' for none). */
export function groupByField(modules: readonly Module[], generalLabel: string, collator: Intl.Collator): FieldGroup[] {
  const groups = new Map<string, Module[]>();
  for (const m of modules) {
    const fields = m.field_names.length ? m.field_names : [GENERAL];
    for (const f of fields) {
      const list = groups.get(f) ?? [];
      list.push(m);
      groups.set(f, list);
    }
  }
  const label = (f: string) => (f === GENERAL ? generalLabel : f);
  return [...groups.entries()]
    .map(([field, list]) => ({ field, modules: list }))
    .sort((a, b) => collator.compare(label(a.field), label(b.field)));
}
