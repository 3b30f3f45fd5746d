// /upgrade: three plans; purchases only in the native app, so on web a download box (SPEC sections 1, 2, 6).
import "@mantine/core/styles/List.css";
import "@mantine/core/styles/Divider.css";
import { PLANS, type Plan } from "@ivrit/core/plans";
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBrandApple, IconBrandGooglePlay, IconCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { usePlan } from "../../shared/api/get-entitlements.ts";
import { PageFooter } from "../../shared/ui/page-footer.tsx";

export const APP_STORE_URL = "https://apps.apple.com/app/ivrit";
export const PLAY_STORE_URL = "https://play.google.com/store/apps/details?id=app.ivrit";

function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
  const { t } = useTranslation("upgrade");
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
          {current && <Badge color="teal.9">{t("current")}</Badge>}
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
        <Text fw={600} mt="auto">
          {t(`plans.${plan}.price`)}
        </Text>
      </Stack>
    </Card>
  );
}

export default function UpgradePage() {
  const { t } = useTranslation("upgrade");
  const { plan } = usePlan();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t("title")}</Title>
        <Text size="lg">{t("subtitle")}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {PLANS.map((p) => (
          <PlanCard key={p} plan={p} current={p === plan} />
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg" bg="indigo.0" component="section" aria-labelledby="download-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="download-title">
            {t("download.title")}
          </Title>
          <Text>{t("download.text")}</Text>
          <Group gap="sm">
            <Button
              component="a"
              href={APP_STORE_URL}
              target="_blank"
              rel="noopener noreferrer"
              color="dark.9"
              leftSection={<IconBrandApple aria-hidden="true" />}
            >
              {t("download.appStore")}
            </Button>
            <Button
              component="a"
              href={PLAY_STORE_URL}
              target="_blank"
              rel="noopener noreferrer"
              color="dark.9"
              leftSection={<IconBrandGooglePlay aria-hidden="true" />}
            >
              {t("download.googlePlay")}
            </Button>
          </Group>
          <Text size="sm">{t("storePrices")}</Text>
        </Stack>
      </Card>
      <PageFooter />
    </Stack>
  );
}
