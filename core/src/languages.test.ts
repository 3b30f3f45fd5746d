import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, isLanguage, isRtl, LANGUAGES, resolveLanguage } from "./languages.ts";

describe("interface languages (SPEC section 5)", () => {
  it("supports six languages, English by default", () => {
    expect([...LANGUAGES].sort()).toEqual(["ar", "en", "es", "fr", "ru", "uk"]);
    expect(DEFAULT_LANGUAGE).toBe("en");
  });

  it("recognises only the supported codes", () => {
    expect(LANGUAGES.every(isLanguage)).toBe(true);
    for (const v of ["he", "EN", "en-US", "", null, 1]) expect(isLanguage(v)).toBe(false);
  });

  it("writes Arabic alone right to left", () => {
    expect(LANGUAGES.filter(isRtl)).toEqual(["ar"]);
  });

  it("prefers the stored language, then the first supported browser language, then English", () => {
    expect(resolveLanguage("ru", ["fr-FR"])).toBe("ru");
    expect(resolveLanguage("xx", ["de-DE", "uk-UA", "fr"])).toBe("uk");
    expect(resolveLanguage(undefined, ["AR_eg"])).toBe("ar");
    expect(resolveLanguage(null, ["de", "it"])).toBe("en");
    expect(resolveLanguage(undefined)).toBe("en");
  });
});
