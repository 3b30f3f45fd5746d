// /welcome: the first run (issue 11.1). A first visit is asked, in the browser's language, for the interface language
// and the level in plain words; both are saved with PATCH /me (as /register does), then each level starts where it
// should, a first question within three taps (issue 24, decision 0082, core/src/levels.ts): a beginner in the
// beginner menu, the others in a game on a module that fits them. "Skip" keeps the old behaviour (the SPEC's
// auto-pick on /home).
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Fieldset.css";
import { isLanguage, type Language } from "@ivrit/core/languages";
import { levelStartPath } from "@ivrit/core/levels";
import { clampLevel, type Tier } from "@ivrit/core/plans";
import { Alert, Button, Card, Group, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage } from "../../shared/api/client.ts";
import { meQueryOptions } from "../../shared/api/get-me.ts";
import { useUpdateMe } from "../../shared/api/patch-me.ts";
import { LANGUAGE_NAMES, LANGUAGE_ORDER } from "../../shared/i18n.ts";
import { useNavigate, useSearchParams } from "../../shared/router.tsx";
import { markAutoPicked, storeFirstRun, storeLanguage, storeLevel } from "../../shared/storage.ts";
import { EnterCode } from "../../shared/ui/enter-code.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useTranslation } from "../../shared/use-translation.ts";

export default function WelcomePage() {
  const { t, i18n } = useTranslation(["welcome", "common"]);
  const navigate = useNavigate();
  const current = useLanguage();
  const update = useUpdateMe();
  const [language, setLanguage] = useState<Language>(current);
  const [level, setLevel] = useState<Tier | null>(null);

  const start = () => {
    if (level === null) return;
    update.mutate(
      { preferredLanguage: language, preferredLevel: level },
      {
        onSuccess: async () => {
          storeLanguage(language);
          storeLevel(level);
          storeFirstRun("done");
          // No module is auto-picked: the level's start opens (and so selects) the module that fits it.
          markAutoPicked();
          if (language !== current) await i18n.changeLanguage(language);
          navigate(levelStartPath(level));
        },
      },
    );
  };

  const skip = () => {
    storeFirstRun("skipped");
    navigate("/home");
  };

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>{t("title")}</Title>
        <Text size="lg">{t("subtitle")}</Text>
      </Stack>
      <Radio.Group
        label={<span lang={current}>{t("language")}</span>}
        value={language}
        onChange={(v) => isLanguage(v) && setLanguage(v)}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="xs">
          {LANGUAGE_ORDER.map((l) => (
            <Radio
              key={l}
              value={l}
              label={<span lang={l}>{LANGUAGE_NAMES[l]}</span>}
              data-testid={`welcome-lang-${l}`}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Radio.Group
        label={t("level")}
        value={level === null ? null : String(level)}
        onChange={(v) => setLevel(clampLevel(v))}
      >
        <Stack gap="sm" mt="xs">
          {([1, 2, 3] as const).map((n) => (
            <Card key={n} withBorder padding="sm">
              <Radio
                value={String(n)}
                label={t(`levels.${n}.label`)}
                description={t(`levels.${n}.hint`)}
                data-testid={`welcome-level-${n}`}
              />
            </Card>
          ))}
        </Stack>
      </Radio.Group>
      {update.isError && (
        <Alert color="red" variant="light" role="alert">
          {t("common:errorText", { message: errorMessage(update.error) })}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          size="md"
          onClick={start}
          loading={update.isPending}
          disabled={level === null}
          data-testid="welcome-start"
        >
          {t("start")}
        </Button>
        <Button size="md" variant="subtle" onClick={skip}>
          {t("skip")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("later")}
      </Text>
      <ContinueHere />
    </Stack>
  );
}

/**
 * "Continue on this device": a learner who already learns elsewhere enters a code from their other device (or opens
 * its QR link, /welcome?code=...) or their recovery code, and goes on with their own preferences (issue 26.2).
 */
function ContinueHere() {
  const { t, i18n } = useTranslation(["sync", "welcome"]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromLink = params.get("code") ?? "";
  const [open, setOpen] = useState(fromLink !== "");
  const queryClient = useQueryClient();
  const continueHere = async () => {
    const me = await queryClient.fetchQuery(meQueryOptions());
    if (me.preferredLanguage) {
      storeLanguage(me.preferredLanguage);
      await i18n.changeLanguage(me.preferredLanguage);
    }
    if (me.preferredLevel !== null) storeLevel(clampLevel(me.preferredLevel));
    storeFirstRun("done");
    markAutoPicked();
    navigate("/home");
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="continue-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="continue-title">
          {t("enter.title")}
        </Title>
        {open ? (
          <EnterCode initial={fromLink} onDone={() => void continueHere()} />
        ) : (
          <Button variant="default" onClick={() => setOpen(true)} data-testid="welcome-continue">
            {t("link.enter")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
