// /register: choose the interface language and level, saved with PATCH /me (SPEC section 4).
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Fieldset.css";
import { isLanguage, type Language } from "@ivrit/core/languages";
import { clampLevel, type Tier } from "@ivrit/core/plans";
import { Alert, Button, Group, NativeSelect, Radio, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "../../shared/api/client.ts";
import { useLevel, useMe } from "../../shared/api/get-me.ts";
import { useUpdateMe } from "../../shared/api/patch-me.ts";
import { LANGUAGE_NAMES, LANGUAGE_ORDER } from "../../shared/i18n.ts";
import { useNavigate, useSearchParams } from "../../shared/router.tsx";
import { storeLanguage, storeLevel } from "../../shared/storage.ts";
import { useLanguage } from "../../shared/use-language.ts";
import { useTranslation } from "../../shared/use-translation.ts";

export default function RegisterPage() {
  const { t, i18n } = useTranslation(["register", "common"]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = useLanguage();
  const me = useMe();
  const level = useLevel();
  const update = useUpdateMe();
  const [lang, setLang] = useState<Language | null>(null);
  const [lvl, setLvl] = useState<Tier | null>(null);
  const language = lang ?? me.data?.preferredLanguage ?? current;
  const chosenLevel = lvl ?? level;

  const save = () => {
    update.mutate(
      { preferredLanguage: language, preferredLevel: chosenLevel },
      {
        onSuccess: async () => {
          storeLanguage(language);
          storeLevel(chosenLevel);
          if (language !== current) await i18n.changeLanguage(language);
          const from = params.get("from");
          if (chosenLevel === 1) navigate("/beginner");
          else if (from === "root-recall") navigate("/game/root-recall");
          else navigate("/home");
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>{t("title")}</Title>
      <Text size="lg">{t("subtitle")}</Text>
      <NativeSelect
        label={t("language")}
        value={language}
        onChange={(e) => {
          const v: string = e.currentTarget.value;
          if (isLanguage(v)) setLang(v);
        }}
        data={LANGUAGE_ORDER.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      />
      <Radio.Group label={t("level")} value={String(chosenLevel)} onChange={(v) => setLvl(clampLevel(v))}>
        <Stack gap="xs" mt="xs">
          {([1, 2, 3] as const).map((n) => (
            <Radio key={n} value={String(n)} label={t(`levels.${n}`)} description={t(`levelHints.${n}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {update.isError && (
        <Alert color="red" variant="light" role="alert">
          {t("common:errorText", { message: errorMessage(update.error) })}
        </Alert>
      )}
      <Group>
        <Button onClick={save} loading={update.isPending}>
          {t("save")}
        </Button>
      </Group>
    </Stack>
  );
}
