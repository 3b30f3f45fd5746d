import type { Module } from "@ivrit/core/schemas/api";
import { useCallback } from "react";
import { isBeginnerModule } from "./api/get-modules.ts";
import { useTranslation } from "./use-translation.ts";

/** The module's name; the beginner pseudo-module's name comes from the locales. */
export function useModuleName(): (m: Pick<Module, "id" | "is_beginner" | "name">) => string {
  const { t } = useTranslation("common");
  return useCallback(
    (m) => (m.name.trim() ? m.name : isBeginnerModule(m) ? t("beginnerModule") : t("missing.moduleName")),
    [t],
  );
}
