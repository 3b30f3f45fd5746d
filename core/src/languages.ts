// Interface languages (SPEC section 5).
export const LANGUAGES = ["en", "ar", "es", "uk", "ru", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
const RTL: ReadonlySet<Language> = new Set(["ar"]);

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function isRtl(lang: Language): boolean {
  return RTL.has(lang);
}

/** Stored language if supported, else the first supported browser language (by its primary subtag), else English. */
export function resolveLanguage(stored: unknown, browser: readonly string[] = []): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
