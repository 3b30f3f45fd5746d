// /words: the active module's words, or the beginner explorer (SPEC section 2).
import "@mantine/core/styles/Divider.css";
import { isLocked } from "@ivrit/core/plans";
import { Stack, Title } from "@mantine/core";
import { Suspense, useMemo } from "react";
import { errorMessage } from "../../shared/api/client.ts";
import { useActiveModule } from "../../shared/api/get-active-module.ts";
import { usePlan } from "../../shared/api/get-entitlements.ts";
import { isBeginnerModule } from "../../shared/api/get-modules.ts";
import { moduleWordsParams, useWords } from "../../shared/api/get-words.ts";
import { fromWord } from "../../shared/card-word.ts";
import { useSearchParams } from "../../shared/router.tsx";
import { ErrorText, LoadingText, LockedBanner, PickModulePrompt } from "../../shared/ui/status.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useTranslation } from "../../shared/use-translation.ts";
import { beginnerExplorer } from "./explorer.ts";
import { ModuleWordGrid } from "./module-word-grid.tsx";

const Explorer = beginnerExplorer.Page;

function BeginnerExplorer() {
  return (
    <Suspense fallback={<LoadingText />}>
      <Explorer />
    </Suspense>
  );
}

export default function WordsPage() {
  const { t } = useTranslation(["words", "common"]);
  const language = useLanguage();
  const { tier } = usePlan();
  const active = useActiveModule(language);
  const module = active.data ?? null;
  // /words?view=beginner: the beginner menu's "Explore all letters and words" opens the beginner explorer
  // whatever module is active.
  const [params] = useSearchParams();
  const beginnerView = params.get("view") === "beginner";
  const beginner = beginnerView || isBeginnerModule(module);
  const words = useWords(moduleWordsParams(language, module?.id ?? 0), module !== null && !beginner);
  const cards = useMemo(() => (words.data?.items ?? []).map(fromWord), [words.data]);

  let body: React.ReactNode;
  if (beginnerView) body = <BeginnerExplorer />;
  else if (active.isPending) body = <LoadingText />;
  else if (active.isError) body = <ErrorText message={t("common:errors.activeModule")} />;
  else if (!module) body = <PickModulePrompt />;
  else if (beginner) body = <BeginnerExplorer />;
  else if (words.isPending) body = <LoadingText />;
  else if (words.isError) body = <ErrorText message={errorMessage(words.error) || t("common:errors.words")} />;
  else {
    const locked = words.data.locked || module.locked || isLocked(module.tier, tier);
    body = (
      <>
        {locked && <LockedBanner />}
        <ModuleWordGrid module={words.data.module ?? module} words={cards} playable={!locked} />
      </>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1}>{t("title")}</Title>
      {body}
    </Stack>
  );
}
