// i18next, one lazy chunk per language and namespace (src/locales/<lng>/<ns>.json).
import { isRtl, LANGUAGES, type Language } from "@ivrit/core/languages";
import i18next, { type i18n } from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
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

export async function initI18n(instance: i18n = i18next): Promise<i18n> {
  const lng = storedLanguage();
  applyDocumentLanguage(lng);
  await instance
    .use(initReactI18next)
    .use(resourcesToBackend((language: string, ns: string) => import(`../locales/${language}/${ns}.json`)))
    .init({
      lng,
      fallbackLng: "en",
      supportedLngs: [...LANGUAGES],
      ns: ["common"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  instance.on("languageChanged", (l) => {
    const lang = LANGUAGES.find((x) => x === l) ?? "en";
    applyDocumentLanguage(lang);
  });
  return instance;
}
