import { describe, expect, it } from "vitest";
import type { ContentWord } from "./load.ts";
import { formatEntry, parseIds } from "./read.ts";

describe("content:read", () => {
  it("reads ids and ranges", () => {
    expect(parseIds("3032,111001-111003")).toEqual([3032, 111001, 111002, 111003]);
    expect(() => parseIds("3032,x")).toThrow(/not an id/);
  });
  it("prints an entry in the six languages, with the id it replaces", () => {
    const tr = { en: "plate", fr: "assiette", es: "plato", ru: "тарелка", uk: "тарілка", ar: "صحن" };
    const w = {
      id: 4032,
      he: "צלחת",
      nikkud: "צַלַּחַת",
      translit: "tza-LA-chat",
      pos: "noun",
      roots: [],
      tr,
      example: { he: "תביא צלחת.", nikkud: "תָּבִיא צַלַּחַת.", tr },
    } as unknown as ContentWord;
    const text = formatEntry(w, "module 4 home, tier 1", 213010);
    expect(text).toContain("### 4032 צלחת צַלַּחַת (tza-LA-chat) noun");
    expect(text).toContain("moved from 213010");
    for (const t of Object.values(tr)) expect(text.split(t).length - 1).toBe(2);
  });
});
