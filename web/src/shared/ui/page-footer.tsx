import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Anchor.css";
import { Anchor, Divider, Group, Stack, Text } from "@mantine/core";
import { Link } from "../router.tsx";
import { useTranslation } from "../use-translation.ts";
import { LINK_TEXT } from "./colors.ts";

export const CONTACT_EMAIL = "support@ivrit.app";
const TERMS_URL = "https://www.apple.com/legal/internet-services/itunes/dev/stdeula/";

/** Copyright, contact, cancellation, privacy and terms (Account and Upgrade pages). */
export function PageFooter() {
  const { t } = useTranslation("common");
  return (
    <Stack component="footer" gap="xs" mt="xl" pb="md">
      <Divider />
      <Text size="sm">{t("footer.cancellation")}</Text>
      <Group gap="lg" wrap="wrap">
        <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm" c={LINK_TEXT}>
          {t("footer.contact")}
        </Anchor>
        <Anchor component={Link} to="/privacy" size="sm" c={LINK_TEXT}>
          {t("footer.privacy")}
        </Anchor>
        <Anchor href={TERMS_URL} target="_blank" rel="noopener noreferrer" size="sm" c={LINK_TEXT}>
          {t("footer.terms")}
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        {t("footer.copyright", { year: new Date().getFullYear() })}
      </Text>
    </Stack>
  );
}
