// /privacy: the eight sections; last updated September 16, 2025 (SPEC section 2).
import "@mantine/core/styles/Anchor.css";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { LINK_TEXT } from "../../shared/ui/colors.ts";
import { CONTACT_EMAIL } from "../../shared/ui/page-footer.tsx";
import { useTranslation } from "../../shared/use-translation.ts";

const PRIVACY_SECTIONS = [
  "collected",
  "notCollected",
  "use",
  "sharing",
  "retention",
  "choices",
  "children",
  "contact",
] as const;
const LAST_UPDATED = new Date(Date.UTC(2025, 8, 16));
const TWEMOJI = "https://github.com/jdecked/twemoji";
const CC_BY = "https://creativecommons.org/licenses/by/4.0/";

export default function PrivacyPage() {
  const { t, i18n } = useTranslation("privacy");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(LAST_UPDATED);
  return (
    <Stack gap="md" maw={760} component="article">
      <Title order={1}>{t("title")}</Title>
      <Text c="dimmed">{t("lastUpdated", { date })}</Text>
      <Text>{t("intro")}</Text>
      {PRIVACY_SECTIONS.map((s) => (
        <Stack key={s} gap={4} component="section" aria-labelledby={`privacy-${s}`}>
          <Title order={2} size="h3" id={`privacy-${s}`}>
            {t(`${s}.title`)}
          </Title>
          <Text>{t(`${s}.text`)}</Text>
        </Stack>
      ))}
      <Text>
        <Anchor href={`mailto:${CONTACT_EMAIL}`} c={LINK_TEXT}>
          {CONTACT_EMAIL}
        </Anchor>
      </Text>
      {/* The words' pictures (decision 0104): Twemoji's graphics are CC BY 4.0, which asks for this credit. */}
      <Stack gap={4} component="aside" aria-labelledby="privacy-credits" data-testid="credits">
        <Title order={3} size="h4" id="privacy-credits">
          {t("credits.title")}
        </Title>
        <Text size="sm">
          {t("credits.text")}{" "}
          <Anchor href={TWEMOJI} c={LINK_TEXT} underline="always" target="_blank" rel="noopener">
            Twemoji
          </Anchor>
          {" · "}
          <Anchor href={CC_BY} c={LINK_TEXT} underline="always" target="_blank" rel="noopener license">
            {t("credits.license")}
          </Anchor>
        </Text>
      </Stack>
    </Stack>
  );
}
