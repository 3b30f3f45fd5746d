import { isLanguage, type Language } from "@ivrit/core/languages";
import { useTranslation } from "./use-translation.ts";

/** The current interface language (also the content language of every request). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return isLanguage(lng) ? lng : "en";
}
