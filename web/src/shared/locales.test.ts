// Every key of English is in every locale and no locale has a key English lacks; plural keys are compared by
// their base, and each locale must have every plural form its language needs (Arabic: zero, one, two, few,
// many, other).
import { LANGUAGES } from "@ivrit/core/languages";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./i18n.ts";

const files = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { eager: true, import: "default" });
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(obj: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (Array.isArray(obj)) {
    out.set(prefix, obj.length);
    return out;
  }
  if (obj !== null && typeof obj === "object") {
    for (const [k, v] of Object.entries(obj))
      for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
    return out;
  }
  out.set(prefix, obj);
  return out;
}

function load(lng: string, ns: string): Map<string, unknown> | undefined {
  const data = files[`../locales/${lng}/${ns}.json`];
  return data ? flatten(data) : undefined;
}

function baseKeys(keys: Iterable<string>): Set<string> {
  return new Set([...keys].map((k) => k.replace(PLURAL, "")));
}

function pluralBases(keys: Iterable<string>): Set<string> {
  return new Set([...keys].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, "")));
}

const namespacesOnDisk = [...new Set(Object.keys(files).map((p) => p.split("/")[3]?.replace(/\.json$/, "") ?? ""))];

describe("locales", () => {
  it("has a file per language for every namespace i18n loads, and no stray namespaces", () => {
    expect(new Set(namespacesOnDisk)).toEqual(new Set(NAMESPACES));
    for (const lng of LANGUAGES) for (const ns of NAMESPACES) expect(load(lng, ns), `${lng}/${ns}.json`).toBeDefined();
  });

  for (const ns of NAMESPACES) {
    for (const lng of LANGUAGES) {
      it(`${lng}/${ns}.json has exactly English's keys`, () => {
        const en = load("en", ns);
        const other = load(lng, ns);
        expect(en && other).toBeTruthy();
        if (!en || !other) return;
        const enBase = baseKeys(en.keys());
        const otherBase = baseKeys(other.keys());
        const missing = [...enBase].filter((k) => !otherBase.has(k));
        const extra = [...otherBase].filter((k) => !enBase.has(k));
        expect(missing, `missing in ${lng}/${ns}`).toEqual([]);
        expect(extra, `not in English: ${lng}/${ns}`).toEqual([]);
        // Every value is a non-empty string.
        for (const [k, v] of other) {
          if (typeof v === "number") continue;
          expect(typeof v === "string" && v.trim().length > 0, `${lng}/${ns}:${k} is empty`).toBe(true);
        }
      });

      it(`${lng}/${ns}.json has every plural form ${lng} needs`, () => {
        const en = load("en", ns);
        const other = load(lng, ns);
        if (!en || !other) return;
        const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
        for (const base of pluralBases(en.keys())) {
          for (const c of categories) expect(other.has(`${base}_${c}`), `${lng}/${ns}:${base}_${c}`).toBe(true);
        }
      });
    }
  }

  it("Arabic uses the Arabic plural forms", () => {
    const ar = load("ar", "words");
    expect(ar?.get("count_two")).not.toEqual(ar?.get("count_other"));
    expect(new Intl.PluralRules("ar").resolvedOptions().pluralCategories).toContain("two");
  });
});
