import type { Module } from "@ivrit/core/schemas/api";
import { describe, expect, it } from "vitest";
import {
  ALL,
  fieldOptions,
  filterByField,
  GENERAL,
  groupByField,
  lowerTierModules,
  modulesForTier,
} from "./library-model.ts";

const m = (id: number, tier: number, fields: string[] = []): Module => ({
  id,
  module_id: id,
  name: `M${id}`,
  tier,
  is_beginner: false,
  word_count: 1,
  field_ids: [],
  field_names: fields,
  locked: false,
});
const collator = new Intl.Collator("en");
const list = [m(41, 3, ["Medicine"]), m(42, 3, ["Law", "Business"]), m(1, 1), m(21, 2), m(43, 3)];

describe("library", () => {
  it("a tier shows its own modules; those below are apart, nearest tier first", () => {
    expect(modulesForTier(list, 1).map((x) => x.id)).toEqual([1]);
    expect(modulesForTier(list, 2).map((x) => x.id)).toEqual([21]);
    expect(modulesForTier(list, 3).map((x) => x.id)).toEqual([41, 42, 43]);
    expect(lowerTierModules(list, 1)).toEqual([]);
    expect(lowerTierModules(list, 3).map((x) => x.id)).toEqual([21, 1]);
  });

  it("tier 1 puts the beginner module first", () => {
    const beginner = { ...m(93, 1), is_beginner: true };
    expect(modulesForTier([m(2, 1), beginner, m(1, 1)], 1).map((x) => x.id)).toEqual([93, 1, 2]);
  });

  it("field filter: sorted names plus General", () => {
    expect(fieldOptions(list, collator)).toEqual(["Business", "Law", "Medicine", GENERAL]);
    expect(filterByField(list, "Law").map((x) => x.id)).toEqual([42]);
    expect(filterByField(list, GENERAL).map((x) => x.id)).toEqual([1, 21, 43]);
    expect(filterByField(list, ALL)).toHaveLength(5);
    expect(filterByField(list, "Cooking")).toEqual([]);
  });

  it("tier 3 groups under field headings sorted alphabetically", () => {
    const groups = groupByField(list, "General", collator);
    expect(groups.map((g) => g.field)).toEqual(["Business", GENERAL, "Law", "Medicine"]);
    expect(groups.find((g) => g.field === GENERAL)?.modules.map((x) => x.id)).toEqual([1, 21, 43]);
  });
});
