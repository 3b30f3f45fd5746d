// /upgrade: three plans; purchases only in the native app (buy, restore, manage, store prices), so on web a
// download box with the store links and no purchase buttons (SPEC sections 1, 2, 6).
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Badge.css";
import { PLANS, type Plan } from "@ivrit/core/plans";
import { Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { usePlan } from "../../shared/api/get-entitlements.ts";
import { isNativeApp } from "../../shared/platform.ts";
import { BuyButton, PurchasesNotice, StoreActions, usePlanPrice } from "../../shared/purchases/purchase-ui.tsx";
import { PageFooter } from "../../shared/ui/page-footer.tsx";
import { StoreLinks } from "../../shared/ui/store-links.tsx";
import { useTranslation } from "../../shared/use-translation.ts";

function PlanCard({ plan, current, native }: { plan: Plan; current: Plan; native: boolean }) {
  const { t } = useTranslation(["upgrade", "purchases"]);
  const price = usePlanPrice(plan);
  const highlights = t(`plans.${plan}.highlights`, { returnObjects: true }) as unknown;
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-label={t(`plans.${plan}.name`)}
      style={plan === "plus" ? { borderColor: "var(--mantine-color-indigo-8)", borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h3">
            {t(`plans.${plan}.name`)}
          </Title>
          {plan === "plus" && <Badge color="indigo.8">{t("popular")}</Badge>}
          {plan === current && <Badge color="teal.9">{t("current")}</Badge>}
        </Group>
        <Text c="dimmed">{t(`plans.${plan}.tagline`)}</Text>
        <List
          spacing="xs"
          icon={
            <ThemeIcon color="teal.9" size={22} radius="xl">
              <IconCheck size={14} aria-hidden="true" />
            </ThemeIcon>
          }
        >
          {Array.isArray(highlights) && highlights.map((h) => <List.Item key={String(h)}>{String(h)}</List.Item>)}
        </List>
        <Text fw={600} mt="auto" data-testid={`price-${plan}`}>
          {native && price ? t("purchases:price", { price }) : t(`plans.${plan}.price`)}
        </Text>
        {native && plan !== "free" && <BuyButton plan={plan} current={current} />}
      </Stack>
    </Card>
  );
}

export default function UpgradePage() {
  const { t } = useTranslation(["upgrade", "purchases"]);
  const { plan } = usePlan();
  const native = isNativeApp();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t("title")}</Title>
        <Text size="lg">{t("subtitle")}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {PLANS.map((p) => (
          <PlanCard key={p} plan={p} current={plan} native={native} />
        ))}
      </SimpleGrid>
      {native ? (
        <Card withBorder padding="lg" component="section" aria-labelledby="purchases-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="purchases-title">
              {t("purchases:title")}
            </Title>
            <PurchasesNotice />
            <StoreActions />
            <Text size="sm">{t("storePrices")}</Text>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding="lg" bg="var(--ivrit-accent-bg)" component="section" aria-labelledby="download-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="download-title">
              {t("download.title")}
            </Title>
            <Text>{t("download.text")}</Text>
            <StoreLinks />
            <Text size="sm">{t("storePrices")}</Text>
          </Stack>
        </Card>
      )}
      <PageFooter />
    </Stack>
  );
}
