// /library: tier selector, field filter (tier 3), module cards, preview and activation (SPEC sections 2, 4, 8).
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/FloatingIndicator.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/CloseButton.css";
import type { Tier } from "@ivrit/core/plans";
import { isLocked } from "@ivrit/core/plans";
import type { Module } from "@ivrit/core/schemas/api";
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconCloudCheck, IconCloudOff, IconInfoCircle, IconLock } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { ApiError, errorMessage } from "../../shared/api/client.ts";
import { useActiveModule } from "../../shared/api/get-active-module.ts";
import { usePlan } from "../../shared/api/get-entitlements.ts";
import { useModules } from "../../shared/api/get-modules.ts";
import { useReviewProgress } from "../../shared/api/get-review-progress.ts";
import { TierLockedError, useSelectModule } from "../../shared/api/post-active-module.ts";
import { Link, useNavigate } from "../../shared/router.tsx";
import { SUCCESS_TEXT } from "../../shared/ui/colors.ts";
import { useRevealed } from "../../shared/ui/use-revealed.ts";
import { useLanguage } from "../../shared/use-language.ts";
import { useModuleName } from "../../shared/use-module-name.ts";
import { useOpenedOnce } from "../../shared/use-opened-once.ts";
import { useTranslation } from "../../shared/use-translation.ts";
import classes from "./library.module.css";
import {
  ALL,
  fieldOptions,
  filterByField,
  GENERAL,
  groupByField,
  lowerTierModules,
  modulesForTier,
} from "./library-model.ts";
import { useOfflineModules } from "./use-offline-modules.ts";

/** The preview's dialog (Mantine's Modal) loads on the first preview, not with the page (issue 16, LCP). */
const PreviewModal = lazy(() => import("./preview-modal.tsx").then((m) => ({ default: m.PreviewModal })));

const TIERS: readonly Tier[] = [1, 2, 3];

interface CardProps {
  module: Module;
  userTier: Tier;
  active: boolean;
  busy: boolean;
  onActivate: (m: Module) => void;
  onPreview: (m: Module) => void;
  /** Words of this module the learner knows (the learning memory), when loaded. */
  known?: number;
  /** Offline: whether the module's words are kept on the device; undefined online. */
  offline?: boolean;
}

function ModuleCard({ module, userTier, active, busy, onActivate, onPreview, known, offline }: CardProps) {
  const { t } = useTranslation(["library", "common", "review"]);
  const moduleName = useModuleName();
  const locked = module.locked || isLocked(module.tier, userTier);
  const name = moduleName(module);
  return (
    <Card withBorder padding="md" component="article" aria-label={name} data-module-id={module.id}>
      <Stack gap={6} style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" className={classes.name}>
            {name}
          </Title>
          {active ? (
            <Badge color="teal.9" className={classes.badge}>
              {t("badge.active")}
            </Badge>
          ) : locked ? (
            <Badge color="upgrade.8" className={classes.badge} leftSection={<IconLock size={12} aria-hidden="true" />}>
              {t("badge.locked")}
            </Badge>
          ) : (
            <Badge color="gray.8" className={classes.badge}>
              {t("badge.tier", { tier: module.tier })}
            </Badge>
          )}
        </Group>
        {module.field_names.length > 0 && (
          <Text size="sm" c="dimmed">
            {module.field_names.join(" • ")}
          </Text>
        )}
        {offline !== undefined && !locked && (
          <Text size="sm" c={offline ? SUCCESS_TEXT : "dimmed"} data-testid="module-offline" data-offline={offline}>
            {offline ? (
              <IconCloudCheck size={14} aria-hidden="true" style={{ verticalAlign: "-2px" }} />
            ) : (
              <IconCloudOff size={14} aria-hidden="true" style={{ verticalAlign: "-2px" }} />
            )}{" "}
            {t(offline ? "common:offline.available" : "common:offline.notAvailable")}
          </Text>
        )}
        {module.word_count > 0 && known !== undefined && !locked && (
          <Text size="sm" c={SUCCESS_TEXT} fw={600} data-testid="module-known" data-known={known}>
            {t("review:library.known", { known, total: module.word_count })}
          </Text>
        )}
        {module.word_count > 0 && (
          <Text size="sm">
            {t("wordCount", { count: module.word_count })}
            {locked && (
              <Text component="span" size="sm" c="upgrade.8" fw={600}>
                {" "}
                <IconLock size={14} aria-hidden="true" style={{ verticalAlign: "-2px" }} /> {t("previewMark")}
              </Text>
            )}
          </Text>
        )}
      </Stack>
      <Group mt="sm" gap="xs">
        {locked ? (
          <>
            {offline === undefined && (
              <Button component={Link} to="/upgrade" color="upgrade.8" size="sm">
                {t("common:nav.upgrade")}
              </Button>
            )}
            <Button variant="default" size="sm" onClick={() => onPreview(module)}>
              {t("preview")}
            </Button>
          </>
        ) : (
          <Button size="sm" onClick={() => onActivate(module)} loading={busy} disabled={active || offline === false}>
            {active ? t("badge.active") : t("common:activate")}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** A grid of module cards, drawn a few at a time (shared/ui/use-revealed.ts). */
function CardGrid({ list, renderCard }: { list: Module[]; renderCard: (m: Module) => ReactNode }) {
  const revealed = useRevealed(list.length);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {list.slice(0, revealed).map(renderCard)}
    </SimpleGrid>
  );
}

export default function LibraryPage() {
  const { t, i18n } = useTranslation(["library", "common"]);
  const language = useLanguage();
  const navigate = useNavigate();
  const { tier: userTier } = usePlan();
  const modules = useModules(language, true);
  const active = useActiveModule(language);
  const select = useSelectModule();
  const review = useReviewProgress(language);
  const knownBy = useMemo(() => new Map((review.data?.modules ?? []).map((m) => [m.moduleId, m.known])), [review.data]);
  const [chosenTier, setChosenTier] = useState<Tier | null>(null);
  const [field, setField] = useState<string>(ALL);
  const [actionError, setActionError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Module | null>(null);
  const previewed = useOpenedOnce(preview !== null);
  const [showLower, setShowLower] = useState(false);
  const collator = useMemo(() => new Intl.Collator(i18n.language), [i18n.language]);

  // Starts at the user's tier and never drops below it.
  const tier: Tier = chosenTier !== null && chosenTier >= userTier ? chosenTier : userTier;
  const tierLocked = tier > userTier;
  const inTier = useMemo(() => modulesForTier(modules.data ?? [], tier), [modules.data, tier]);
  const lower = useMemo(() => lowerTierModules(modules.data ?? [], tier), [modules.data, tier]);
  const fields = useMemo(() => (tier === 3 ? fieldOptions(inTier, collator) : []), [tier, inTier, collator]);
  const shown = tier === 3 ? filterByField(inTier, field) : inTier;
  const groups = tier === 3 ? groupByField(shown, t("general"), collator) : null;

  const activate = (m: Module) => {
    setActionError(null);
    if (m.locked || isLocked(m.tier, userTier)) {
      setActionError(t("tierLockedTitle", { tier: m.tier }));
      return;
    }
    select.mutate(m.id, {
      onSuccess: () => navigate("/words"),
      onError: (error) => {
        if (error instanceof TierLockedError) setActionError(t("tierLockedTitle", { tier: error.tier }));
        else
          setActionError(
            t("activateError", {
              status: error instanceof ApiError ? error.status : "",
              message: errorMessage(error),
            }),
          );
      },
    });
  };

  const offlineModules = useOfflineModules();
  const renderCard = (m: Module) => (
    <ModuleCard
      key={m.id}
      module={m}
      userTier={userTier}
      active={active.data?.id === m.id}
      busy={select.isPending && select.variables === m.id}
      onActivate={activate}
      onPreview={setPreview}
      known={review.data ? (knownBy.get(m.id) ?? 0) : undefined}
      offline={offlineModules ? offlineModules.has(m.id) : undefined}
    />
  );
  const renderCards = (list: Module[]) => <CardGrid list={list} renderCard={renderCard} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{t("title")}</Title>
        {userTier < 3 && offlineModules === null && (
          <Button component={Link} to="/upgrade" color="upgrade" variant="outline">
            {t("common:nav.upgrade")}
          </Button>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Text fw={600} id="tier-label">
            {t("tierLabel")}
          </Text>
          <SegmentedControl
            aria-labelledby="tier-label"
            value={String(tier)}
            classNames={{ indicator: classes.indicator, label: classes.tierLabel }}
            onChange={(v) => {
              setChosenTier(Number(v) as Tier);
              setField(ALL);
              // A refusal was about the tier left behind.
              setActionError(null);
              setShowLower(false);
            }}
            data={TIERS.map((n) => ({
              value: String(n),
              label: t("tierOption", { tier: n }),
              disabled: n < userTier,
            }))}
          />
        </Stack>
        {tier === 3 && (
          <NativeSelect
            label={t("fieldLabel")}
            value={field}
            onChange={(e) => setField(e.currentTarget.value)}
            data={[
              { value: ALL, label: t("allFields") },
              ...fields.map((f) => ({ value: f, label: f === GENERAL ? t("general") : f })),
            ]}
          />
        )}
      </Group>
      {tierLocked && (
        <Alert
          color="indigo"
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          title={t("tierLockedTitle", { tier })}
        >
          <Stack gap="xs" align="flex-start">
            <Text>{t("tierLockedText")}</Text>
            {offlineModules === null ? (
              <Button component={Link} to="/upgrade" size="xs" color="upgrade.8">
                {t("common:nav.upgrade")}
              </Button>
            ) : (
              <Text size="sm">{t("common:offline.purchases")}</Text>
            )}
          </Stack>
        </Alert>
      )}
      {actionError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setActionError(null)}
          closeButtonLabel={t("common:close")}
        >
          {actionError}
        </Alert>
      )}
      {modules.isError && (
        <Alert color="red" variant="light" role="alert" title={t("loadErrorTitle")}>
          {t("loadError", {
            status: modules.error instanceof ApiError ? modules.error.status : "",
            message: errorMessage(modules.error),
          })}
        </Alert>
      )}
      {modules.isPending && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-busy="true" aria-label={t("common:loading")}>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
            <Skeleton key={i} height={170} radius="md" data-testid="module-skeleton" />
          ))}
        </SimpleGrid>
      )}
      {modules.isSuccess && shown.length === 0 && (
        <Stack gap={0}>
          <Text>{t("empty")}</Text>
          {tier === 3 && field !== ALL && <Text c="dimmed">{t("emptyField")}</Text>}
        </Stack>
      )}
      {modules.isSuccess &&
        shown.length > 0 &&
        (groups
          ? groups.map((g) => (
              <Stack
                key={g.field}
                gap="sm"
                component="section"
                aria-label={g.field === GENERAL ? t("general") : g.field}
              >
                <Title order={2} size="h3">
                  {g.field === GENERAL ? t("general") : g.field}
                </Title>
                {renderCards(g.modules)}
              </Stack>
            ))
          : renderCards(shown))}
      {modules.isSuccess && lower.length > 0 && (
        <Stack gap="sm" align="flex-start">
          <Button
            variant="subtle"
            onClick={() => setShowLower((v) => !v)}
            aria-expanded={showLower}
            aria-controls="lower-tiers"
          >
            {showLower ? t("lowerHide") : t("lowerShow", { n: lower.length })}
          </Button>
          {showLower && (
            <Stack gap="sm" component="section" id="lower-tiers" aria-label={t("lowerTitle")} w="100%">
              <Title order={2} size="h3">
                {t("lowerTitle")}
              </Title>
              {renderCards(lower)}
            </Stack>
          )}
        </Stack>
      )}
      {previewed && (
        <Suspense fallback={null}>
          <PreviewModal module={preview} onClose={() => setPreview(null)} onActivate={activate} />
        </Suspense>
      )}
    </Stack>
  );
}
