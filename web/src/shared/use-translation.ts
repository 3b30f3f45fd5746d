// The React side of the translator (shared/i18n.ts): a t bound to the component's namespaces, re-rendered when the
// language changes, and Suspense while a namespace of the current language loads.
import { useMemo, useSyncExternalStore } from "react";
import { type I18n, i18n, type TFunction } from "./i18n.ts";

const currentLanguage = () => i18n.language;

export function useTranslation(ns: string | readonly string[] = "common"): { t: TFunction; i18n: I18n } {
  const language = useSyncExternalStore(i18n.subscribe, currentLanguage, currentLanguage);
  const key = typeof ns === "string" ? ns : ns.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language is a new t (as i18next gave), for memos that use it.
  const t = useMemo(() => i18n.fixedT(key.split(",")), [key, language]);
  const pending = i18n.pending(key.split(","));
  if (pending) throw pending;
  return { t, i18n };
}
