import { describe, expect, it } from "vitest";
import { type Cell, conjugate, type Form, SPOKEN_FOR } from "./conjugate.ts";
import { hspellAvailable, runHspell } from "./hspell.ts";
import { agrees, cellAttrs } from "./verb-check.ts";

describe("verb-check", () => {
  it("names what hspell must say for each cell", () => {
    expect(cellAttrs("pres.fs")).toEqual(["הווה", "נ", "יחיד"]);
    expect(cellAttrs("past.1s")).toEqual(["עבר", "1", "יחיד"]);
    expect(cellAttrs("past.3p")).toEqual(["עבר", "3", "רבים"]);
    expect(cellAttrs("fut.2fp")).toEqual(["עתיד", "2", "נ", "רבים"]);
    expect(cellAttrs("imp.ms")).toEqual(["ציווי", "2", "ז", "יחיד"]);
    expect(cellAttrs("inf")).toEqual(["מקור"]);
  });

  it.skipIf(!hspellAvailable())("agrees with hspell on a whole table, and refuses a form in the wrong cell", () => {
    const t = conjugate({ verb: "לכתוב", root: "כ-ת-ב", binyan: "paal", class: "regular" });
    const forms = Object.values(t).flatMap((f) => [f.he, f.literary?.he ?? f.he]);
    const r = runHspell(forms);
    for (const [cell, f] of Object.entries(t) as [Cell, Form][]) {
      // A literary cell is read as its cell; its spoken form is the cell it is said like (decision 0091).
      expect(agrees(cell, "כתב", r.known.get(f.literary?.he ?? f.he)), cell).toBe(true);
      expect(agrees(f.literary ? (SPOKEN_FOR[cell] as Cell) : cell, "כתב", r.known.get(f.he)), cell).toBe(true);
    }
    expect(agrees("fut.3fp", "כתב", r.known.get("יכתבו"))).toBe(false);
    // כתבה is the 3rd person feminine past, not the 1st person; the wrong lemma fails too.
    expect(agrees("past.1s", "כתב", r.known.get("כתבה"))).toBe(false);
    expect(agrees("past.3ms", "דיבר", r.known.get("כתב"))).toBe(false);
  });
});
