// The interface texts: one lazy chunk per language and namespace (src/locales/<lng>/<ns>.json), looked up by a
// small translator of our own instead of i18next (decision 0047 has what i18next cost a slow phone's first load).
// It does what the screens use: keys with dots, "ns:key", {{name}} values, plural forms by Intl.PluralRules, a
// default value, arrays; English when a key is missing.
import { isRtl, type Language } from "@ivrit/core/languages";
import { storedLanguage } from "./storage.ts";

export const NAMESPACES = [
  "common",
  "games",
  "beginner",
  "library",
  "words",
  "account",
  "upgrade",
  "privacy",
  "register",
  "play",
  "purchases",
  "review",
  "verbs",
  "welcome",
  "reminders",
  "sync",
] as const;

/** Names of the languages in their own language (the header's dropdown). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  fr: "Français",
  es: "Español",
  ru: "Русский",
  uk: "Українська",
  ar: "العربية",
};
/** Order in the dropdown (SPEC section 2). */
export const LANGUAGE_ORDER: readonly Language[] = ["en", "fr", "es", "ru", "uk", "ar"];
/** Languages whose translation is still marked beta on mobile. */
export const BETA_LANGUAGES: ReadonlySet<Language> = new Set(["uk"]);

function applyDocumentLanguage(lang: Language): void {
  const html = document.documentElement;
  html.lang = lang;
  html.dir = isRtl(lang) ? "rtl" : "ltr";
  // The installed app's name and description in the learner's language (web/public/manifests, issue 15).
  document.querySelector('link[rel="manifest"]')?.setAttribute("href", `/manifests/${lang}.webmanifest`);
}

type Texts = Record<string, unknown>;
export type TOptions = {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  ns?: string | readonly string[];
  [value: string]: unknown;
};
export type TFunction = (key: string, options?: TOptions) => string;

const loaders = import.meta.glob<Texts>("../locales/*/*.json", { import: "default" });
const FALLBACK: Language = "en";

/** The texts of one language and namespace, loaded once. */
const bundles = new Map<string, Texts>();
const loading = new Map<string, Promise<void>>();
const bundleKey = (lng: string, ns: string) => `${lng}/${ns}`;

function loadBundle(lng: string, ns: string): Promise<void> {
  const key = bundleKey(lng, ns);
  if (bundles.has(key)) return Promise.resolve();
  let promise = loading.get(key);
  if (!promise) {
    const load = loaders[`../locales/${key}.json`];
    promise = (load ? load() : Promise.reject(new Error(`no texts ${key}`))).then(
      (texts) => void bundles.set(key, texts),
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

function lookup(texts: Texts | undefined, key: string): unknown {
  let node: unknown = texts;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Texts)[part];
  }
  return node;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

type Listener = () => void;

/** The app's translator: the current language, its loaded texts and who to tell when the language changes. */
class Translator {
  language: Language = FALLBACK;
  private listeners = new Set<Listener>();

  /** Loads namespaces of the current language (and of English, which fills a missing key). */
  loadNamespaces(namespaces: readonly string[], lng: Language = this.language): Promise<void> {
    const loads = namespaces.flatMap((ns) => [
      loadBundle(lng, ns),
      // English fills a missing key; its failure alone does not fail the load.
      ...(lng === FALLBACK ? [] : [loadBundle(FALLBACK, ns).catch(() => {})]),
    ]);
    return Promise.all(loads).then(() => {});
  }

  private waiting = new Map<string, Promise<void>>();

  /** The load of namespaces still missing in the current language (the React hook waits for it), or null. */
  pending(namespaces: readonly string[]): Promise<void> | null {
    const missing = namespaces.filter((ns) => !bundles.has(bundleKey(this.language, ns)));
    if (missing.length === 0) return null;
    // One promise per missing set: a component that suspends again is given the same one.
    const key = `${this.language}|${missing.join(",")}`;
    let promise = this.waiting.get(key);
    if (!promise) {
      promise = this.loadNamespaces(missing).finally(() => this.waiting.delete(key));
      this.waiting.set(key, promise);
    }
    return promise;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return bundles.has(bundleKey(lng, ns));
  }

  exists(key: string, options?: TOptions): boolean {
    return this.resolve(key, options, ["common"]) !== undefined;
  }

  t: TFunction = (key, options) => this.translate(key, options, ["common"]);

  /** A t that looks in these namespaces in order ("ns:key" names one); bound to the current language. */
  fixedT(namespaces: readonly string[]): TFunction {
    return (key, options) => this.translate(key, options, namespaces);
  }

  private resolve(key: string, options: TOptions | undefined, namespaces: readonly string[]): unknown {
    let nsList: readonly string[] = typeof options?.ns === "string" ? [options.ns] : (options?.ns ?? namespaces);
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0) {
      nsList = [key.slice(0, colon)];
      path = key.slice(colon + 1);
    }
    const count = options?.count;
    for (const lng of this.language === FALLBACK ? [FALLBACK] : [this.language, FALLBACK]) {
      // Plural keys as i18next names them: key_zero for 0 when there is one, key_<form>, key, key_other.
      const paths =
        typeof count === "number"
          ? [...(count === 0 ? [`${path}_zero`] : []), `${path}_${pluralForm(lng, count)}`, path, `${path}_other`]
          : [path];
      for (const ns of nsList) {
        const texts = bundles.get(bundleKey(lng, ns));
        for (const p of paths) {
          const value = lookup(texts, p);
          if (value !== undefined && value !== null) return value;
        }
      }
    }
    return undefined;
  }

  private translate(key: string, options: TOptions | undefined, namespaces: readonly string[]): string {
    const value = this.resolve(key, options, namespaces);
    if (typeof value === "string") return interpolate(value, options);
    if (value !== undefined && options?.returnObjects) return value as string;
    const fallback = options?.defaultValue;
    if (fallback !== undefined) return interpolate(fallback, options);
    const colon = key.indexOf(":");
    return colon > 0 ? key.slice(colon + 1) : key;
  }

  /** Loads the namespaces in use in the new language, then switches and tells every listener. */
  async changeLanguage(lng: Language): Promise<void> {
    const inUse = NAMESPACES.filter((ns) => bundles.has(bundleKey(this.language, ns)));
    await this.loadNamespaces(inUse, lng);
    this.language = lng;
    applyDocumentLanguage(lng);
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const i18n = new Translator();
export type I18n = Translator;

/** The stored (or the browser's) language, its direction on <html> and its common texts started. */
export function initI18n(): Promise<Translator> {
  const lng = storedLanguage();
  i18n.language = lng;
  applyDocumentLanguage(lng);
  return i18n.loadNamespaces(["common"]).then(
    () => i18n,
    () => i18n,
  );
}
