import { beforeEach, describe, expect, it } from "vitest";
import { anonymousId, forgetIdentity, isUuid } from "./identity.ts";
import {
  KEYS,
  storedActiveModuleId,
  storedLanguage,
  storedLevel,
  storedPlan,
  storeLanguage,
  storeLevel,
} from "./storage.ts";

beforeEach(() => {
  localStorage.clear();
  forgetIdentity();
});

describe("stored state (SPEC section 5)", () => {
  it("accepts a stored language only if supported, else the browser's, else English", () => {
    localStorage.setItem(KEYS.language, "ar");
    expect(storedLanguage()).toBe("ar");
    localStorage.setItem(KEYS.language, "de");
    // happy-dom's navigator.language is en-US
    expect(storedLanguage()).toBe("en");
    storeLanguage("uk");
    expect(storedLanguage()).toBe("uk");
    expect(localStorage.getItem(KEYS.contentLanguage)).toBe("uk");
  });

  it("clamps the level to 1..3, default 3", () => {
    expect(storedLevel()).toBe(3);
    localStorage.setItem(KEYS.level, "0");
    expect(storedLevel()).toBe(1);
    localStorage.setItem(KEYS.level, "7");
    expect(storedLevel()).toBe(3);
    localStorage.setItem(KEYS.level, "abc");
    expect(storedLevel()).toBe(3);
    storeLevel(2);
    expect(storedLevel()).toBe(2);
  });

  it("accepts only free, plus or pro as plan", () => {
    expect(storedPlan()).toBeNull();
    localStorage.setItem(KEYS.plan, "gold");
    expect(storedPlan()).toBeNull();
    localStorage.setItem(KEYS.plan, "plus");
    expect(storedPlan()).toBe("plus");
  });

  it("accepts only a positive whole module id", () => {
    for (const bad of ["", "0", "-3", "1.5", "x", "NaN"]) {
      localStorage.setItem(KEYS.activeModule, bad);
      expect(storedActiveModuleId()).toBeNull();
    }
    localStorage.setItem(KEYS.activeModule, "42");
    expect(storedActiveModuleId()).toBe(42);
  });
});

describe("anonymous id", () => {
  it("is generated once, stored, and reused", () => {
    const id = anonymousId();
    expect(isUuid(id)).toBe(true);
    expect(localStorage.getItem(KEYS.anonymousId)).toBe(id);
    forgetIdentity();
    expect(anonymousId()).toBe(id);
  });

  it("replaces a stored value that is not a UUID", () => {
    localStorage.setItem(KEYS.anonymousId, "not-a-uuid");
    const id = anonymousId();
    expect(id).not.toBe("not-a-uuid");
    expect(isUuid(id)).toBe(true);
  });
});
