// The game chooser (/home, /games): SPEC section 2.

import { isLocked } from "@ivrit/core/plans";
import type { Module } from "@ivrit/core/schemas/api";
import { nextGame } from "@ivrit/core/today";
import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "../../shared/api/client.ts";
import { useActiveModule } from "../../shared/api/get-active-module.ts";
import { usePlan } from "../../shared/api/get-entitlements.ts";
import { useLevel } from "../../shared/api/get-me.ts";
import { isBeginnerModule, useModules } from "../../shared/api/get-modules.ts";
import { useSelectModule } from "../../shared/api/post-active-module.ts";
import classes from "../../shared/game/chooser.module.css";
import { CHOOSER_ORDER, gameIcon, gamePath } from "../../shared/game/game-meta.tsx";
import { InstructionsButton } from "../../shared/game/instructions-dialog.tsx";
import { TodayCard } from "../../shared/game/today-card.tsx";
import { Link, Navigate } from "../../shared/router.tsx";
import { lastGame } from "../../shared/storage.ts";
import { ErrorText, LoadingText, LockedBanner } from "../../shared/ui/status.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useModuleName } from "../../shared/use-module-name.ts";
import { useTranslation } from "../../shared/use-translation.ts";

function ModulePicker() {
  const { t } = useTranslation(["games", "common"]);
  const language = useLanguage();
  const { tier } = usePlan();
  const modules = useModules(language);
  const select = useSelectModule();
  const moduleName = useModuleName();
  const available = (modules.data ?? []).filter((m) => !isLocked(m.tier, tier) && !m.locked);
  const [value, setValue] = useState<string>("");
  const chosen = value || (available[0] ? String(available[0].id) : "");
  return (
    <Card withBorder padding="lg" mb="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("picker.title")}
        </Title>
        <Text>{t("picker.text")}</Text>
        {modules.isPending && <LoadingText />}
        {modules.isError && <ErrorText message={errorMessage(modules.error)} />}
        {available.length > 0 && (
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={t("picker.label")}
              value={chosen}
              onChange={(e) => setValue(e.currentTarget.value)}
              data={available.map((m: Module) => ({ value: String(m.id), label: moduleName(m) }))}
              style={{ flex: "1 1 16rem" }}
            />
            <Button onClick={() => select.mutate(Number(chosen))} loading={select.isPending} disabled={!chosen}>
              {t("common:activate")}
            </Button>
          </Group>
        )}
        <Button component={Link} to="/library" variant="subtle" px={0} style={{ alignSelf: "flex-start" }}>
          {t("picker.browse")}
        </Button>
      </Stack>
    </Card>
  );
}

export default function ChooserPage() {
  const { t } = useTranslation(["games", "common"]);
  const language = useLanguage();
  const level = useLevel();
  const { tier } = usePlan();
  const active = useActiveModule(language);
  const moduleName = useModuleName();

  // Preferred level 1 means beginner: the chooser is the beginner menu.
  if (level === 1) return <Navigate to="/beginner" replace />;

  const module = active.data ?? null;
  const locked = module !== null && (module.locked || isLocked(module.tier, tier));
  const moduleId = module?.id ?? null;
  const next = nextGame(CHOOSER_ORDER, lastGame());
  const todayGame = moduleId !== null && !locked ? { to: gamePath(next, moduleId), name: t(`${next}.name`) } : null;

  return (
    <Stack gap="md">
      <Title order={1}>{t("chooser.title")}</Title>
      <TodayCard game={todayGame} />
      {active.isPending && <LoadingText />}
      {active.isError && <ErrorText message={t("common:errors.activeModule")} />}
      {!active.isPending && !module && <ModulePicker />}
      {module && (
        <Alert color="indigo" variant="light" className={classes.banner}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600}>{t("chooser.activeModule", { name: moduleName(module) })}</Text>
            <Button component={Link} to="/library" size="xs">
              {t("chooser.changeIt")}
            </Button>
          </Group>
        </Alert>
      )}
      {module && isBeginnerModule(module) && (
        <Alert color="teal" variant="light">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text>{t("chooser.beginnerActive")}</Text>
            <Button component={Link} to="/beginner" size="xs" color="teal.9">
              {t("chooser.openBeginner")}
            </Button>
          </Group>
        </Alert>
      )}
      {locked && <LockedBanner />}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {CHOOSER_ORDER.map((game) => {
          const disabled = moduleId === null;
          return (
            <Card key={game} withBorder padding="md" className={classes.card} data-disabled={disabled || undefined}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <span className={classes.icon}>{gameIcon(game)}</span>
                <InstructionsButton ns="games" gameKey={game} />
              </Group>
              <Title order={2} size="h4" mt="xs">
                {t(`${game}.name`)}
              </Title>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {t(`${game}.short`)}
              </Text>
              <Button
                component={Link}
                to={gamePath(game, moduleId)}
                mt="sm"
                fullWidth
                data-disabled={disabled || undefined}
                aria-disabled={disabled || undefined}
                variant={disabled ? "default" : "filled"}
                aria-label={t("chooser.playGame", { name: t(`${game}.name`) })}
              >
                {t("chooser.play")}
              </Button>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
