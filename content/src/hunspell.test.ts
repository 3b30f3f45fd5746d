import { describe, expect, it } from "vitest";
import { flaggedFinder, parseDictionaryList } from "./hunspell.ts";

const flaggedIn = (text: string, flagged: Iterable<string>) => flaggedFinder(flagged)(text);

describe("flaggedFinder", () => {
  it("finds the flagged words a text holds as whole words", () => {
    const flagged = new Set(["tablle.", "Dani", "ok"]);
    expect(flaggedIn("Le livre est sur la tablle.", flagged)).toEqual(["tablle"]);
    expect(flaggedIn("Dani imprimera l'ordre du jour.", flagged)).toEqual(["Dani"]);
    expect(flaggedIn("Danielle looks okay", flagged)).toEqual([]);
    expect(flaggedIn("Привет, Dani!", new Set(["Привет"]))).toEqual(["Привет"]);
  });
});

describe("parseDictionaryList", () => {
  it("reads the dictionaries hunspell -D lists", () => {
    const text = [
      "SEARCH PATH:",
      ".::/usr/share/hunspell",
      "AVAILABLE DICTIONARIES (path is not mandatory for -d option):",
      "/usr/share/hunspell/fr_FR",
      "/usr/share/hunspell/ar",
      "LOADED DICTIONARY:",
      "/usr/share/hunspell/en_US.aff",
    ].join("\n");
    expect([...parseDictionaryList(text)]).toEqual(["fr_FR", "ar"]);
  });
});
