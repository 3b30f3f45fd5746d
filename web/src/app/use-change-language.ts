// Changing language reloads the session data and goes to /words (SPEC section 2, Header).
import type { Language } from "@ivrit/core/languages";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { patchMe } from "../shared/api/patch-me.ts";
import { logError } from "../shared/log.ts";
import { useNavigate } from "../shared/router.tsx";
import { storeLanguage } from "../shared/storage.ts";
import { useTranslation } from "../shared/use-translation.ts";

export function useChangeLanguage(): (lang: Language) => Promise<void> {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (lang: Language) => {
      storeLanguage(lang);
      await i18n.changeLanguage(lang);
      patchMe({ preferredLanguage: lang }).catch((e) => logError("save language", e));
      await queryClient.invalidateQueries();
      navigate("/words");
    },
    [i18n, queryClient, navigate],
  );
}
