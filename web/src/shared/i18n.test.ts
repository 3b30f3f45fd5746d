// The translator of our own (i18n.ts, decision 0047) on the real locale files: plural forms in the six languages
// (Arabic's six), {{values}}, namespaces loaded on demand, English for a key a language lacks, and a missing key.
// Each test gets a fresh translator (the module keeps what it loaded).
import type { Language } from "@ivrit/core/languages";
import { beforeEach, describe, expect, it, vi } from "vitest";

type Module = typeof import("./i18n.ts");
let m: Module;

const files = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { eager: true, import: "default" });
/** A text straight from a locale file, by its dotted path. */
function raw(lng: string, ns: string, path: string): string {
  let node: unknown = files[`../locales/${lng}/${ns}.json`];
  for (const part of path.split(".")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "string") throw new Error(`no ${lng}/${ns} ${path}`);
  return node;
}

beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  m = await import("./i18n.ts");
});

async function inLanguage(lng: Language, namespaces: string[]) {
  await m.i18n.loadNamespaces(namespaces, lng);
  await m.i18n.changeLanguage(lng);
}

describe("plurals", () => {
  // The form Intl.PluralRules gives each count, and the key the locale file holds for it (CLDR's rules).
  const cases: Record<Language, [number, string][]> = {
    en: [
      [0, "other"],
      [1, "one"],
      [2, "other"],
      [21, "other"],
    ],
    fr: [
      [0, "one"],
      [1, "one"],
      [2, "other"],
      [1_000_000, "many"],
    ],
    es: [
      [1, "one"],
      [2, "other"],
      [1_000_000, "many"],
    ],
    ru: [
      [1, "one"],
      [2, "few"],
      [5, "many"],
      [21, "one"],
      [22, "few"],
      [111, "many"],
    ],
    uk: [
      [1, "one"],
      [3, "few"],
      [11, "many"],
      [31, "one"],
      [44, "few"],
    ],
    ar: [
      [0, "zero"],
      [1, "one"],
      [2, "two"],
      [3, "few"],
      [10, "few"],
      [103, "few"],
      [11, "many"],
      [99, "many"],
      [100, "other"],
      [102, "other"],
    ],
  };
  for (const [lng, counts] of Object.entries(cases) as [Language, [number, string][]][]) {
    it(`picks ${lng}'s form for each count and puts the count in`, async () => {
      await inLanguage(lng, ["review"]);
      const t = m.i18n.fixedT(["review"]);
      for (const [count, form] of counts) {
        const expected = raw(lng, "review", `progress.streak_${form}`).replaceAll("{{count}}", String(count));
        expect(t("progress.streak", { count }), `${lng} ${count}`).toBe(expected);
      }
    });
  }

  it("uses key_zero for 0 where a language has one, else its own form for 0", async () => {
    await inLanguage("ar", ["review"]);
    expect(m.i18n.t("review:progress.streak", { count: 0 })).toBe(raw("ar", "review", "progress.streak_zero"));
    await m.i18n.changeLanguage("en");
    expect(m.i18n.t("review:progress.streak", { count: 0 })).toBe("0 days in a row");
  });
});

describe("interpolation", () => {
  it("fills {{name}} from the options, tolerates spaces, and leaves an absent value empty", async () => {
    await inLanguage("en", ["common"]);
    expect(m.i18n.t("errorText", { message: "offline" })).toBe(
      raw("en", "common", "errorText").replace("{{message}}", "offline"),
    );
    expect(m.i18n.t("missing.key", { defaultValue: "{{ a }} and {{b}}: {{c}}.", a: 1, b: "two" })).toBe("1 and two: .");
    expect(m.i18n.t("missing.key", { defaultValue: "{{n}}", n: null })).toBe("");
  });
});

describe("lazy loading", () => {
  it("loads a namespace only when asked, once, and says what is still pending", async () => {
    expect(m.i18n.hasResourceBundle("fr", "games")).toBe(false);
    await m.i18n.changeLanguage("fr");
    const pending = m.i18n.pending(["common", "games"]);
    expect(pending).toBeInstanceOf(Promise);
    expect(m.i18n.pending(["common", "games"])).toBe(pending); // the same promise for the same missing set
    await pending;
    expect(m.i18n.hasResourceBundle("fr", "games")).toBe(true);
    expect(m.i18n.hasResourceBundle("en", "games")).toBe(true); // English fills a missing key
    expect(m.i18n.hasResourceBundle("fr", "library")).toBe(false);
    expect(m.i18n.pending(["games"])).toBeNull();
  });

  it("rejects a namespace that has no file, and can be asked again", async () => {
    await expect(m.i18n.loadNamespaces(["nonexistent"], "en")).rejects.toThrow(/no texts en\/nonexistent/);
    await expect(m.i18n.loadNamespaces(["nonexistent"], "en")).rejects.toThrow(/no texts/);
  });

  it("switches language only once the namespaces in use are loaded, then tells its listeners and <html>", async () => {
    await inLanguage("en", ["common", "review"]);
    const heard: string[] = [];
    const unsubscribe = m.i18n.subscribe(() => heard.push(m.i18n.language));
    const switching = m.i18n.changeLanguage("ar");
    expect(m.i18n.language).toBe("en");
    await switching;
    expect(heard).toEqual(["ar"]);
    expect(m.i18n.hasResourceBundle("ar", "review")).toBe(true);
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    unsubscribe();
    await m.i18n.changeLanguage("ru");
    expect(heard).toEqual(["ar"]);
    expect(document.documentElement.dir).toBe("ltr");
  });

  it("starts in the stored language with its common texts", async () => {
    localStorage.setItem("language", "uk");
    await m.initI18n();
    expect(m.i18n.language).toBe("uk");
    expect(document.documentElement.lang).toBe("uk");
    expect(m.i18n.hasResourceBundle(m.i18n.language, "common")).toBe(true);
  });
});

describe("a missing key", () => {
  it("falls back to English while the language's namespace is not loaded", async () => {
    await m.i18n.loadNamespaces(["games"], "en");
    m.i18n.language = "fr";
    const t = m.i18n.fixedT(["games"]);
    expect(m.i18n.hasResourceBundle("fr", "games")).toBe(false);
    expect(t("gameOver.seen", { count: 2 })).toBe(raw("en", "games", "gameOver.seen_other").replace("{{count}}", "2"));
  });

  it("gives the default value, else the key without its namespace", async () => {
    await inLanguage("es", ["common"]);
    expect(m.i18n.t("no.such.key", { defaultValue: "fallback" })).toBe("fallback");
    expect(m.i18n.t("no.such.key")).toBe("no.such.key");
    expect(m.i18n.t("games:no.such.key")).toBe("no.such.key");
    expect(m.i18n.exists("no.such.key")).toBe(false);
    expect(m.i18n.exists("errorText")).toBe(true);
  });

  it("looks in the namespaces in order, and a ns: prefix or option names one", async () => {
    await inLanguage("en", ["common", "review"]);
    const t = m.i18n.fixedT(["review", "common"]);
    expect(t("errorText", { message: "x" })).toBe(raw("en", "common", "errorText").replace("{{message}}", "x"));
    expect(t("review:progress.streakLabel")).toBe(raw("en", "review", "progress.streakLabel"));
    expect(m.i18n.t("progress.streakLabel", { ns: "review" })).toBe(raw("en", "review", "progress.streakLabel"));
    expect(m.i18n.t("progress.streakLabel")).toBe("progress.streakLabel"); // not in common
  });

  it("gives an object or an array only when asked for one", async () => {
    await inLanguage("en", ["review"]);
    const t = m.i18n.fixedT(["review"]);
    expect(t("progress", { returnObjects: true })).toMatchObject({
      streakLabel: raw("en", "review", "progress.streakLabel"),
    });
    expect(t("progress")).toBe("progress");
  });
});
