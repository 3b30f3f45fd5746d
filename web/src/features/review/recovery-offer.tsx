// The recovery code, offered once after the learner's first 20 answers (issue 26.3): at the end of a review session,
// until they make one or say "not now". Account always has it.
import { RECOVERY_OFFER_AFTER } from "@ivrit/core/codes";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useAccount } from "../../shared/api/learner.ts";
import { Link } from "../../shared/router.tsx";
import { markRecoveryOffered, recoveryOffered } from "../../shared/storage.ts";
import { useOnline } from "../../shared/use-online.ts";
import { useTranslation } from "../../shared/use-translation.ts";

export function RecoveryOffer() {
  const { t } = useTranslation("sync");
  const online = useOnline();
  const [dismissed, setDismissed] = useState(recoveryOffered);
  const account = useAccount();
  const data = account.data;
  if (dismissed || !online || !data || data.recoveryCodeAt !== null || data.answers < RECOVERY_OFFER_AFTER) return null;
  const done = () => {
    markRecoveryOffered();
    setDismissed(true);
  };
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconShieldCheck aria-hidden="true" />}
      title={t("recovery.offerTitle")}
      data-testid="recovery-offer"
    >
      <Stack gap="xs">
        <Text size="sm">{t("recovery.offerText", { n: data.answers })}</Text>
        <Group gap="xs">
          <Button size="xs" component={Link} to="/account#recovery" onClick={done}>
            {t("recovery.make")}
          </Button>
          <Button size="xs" variant="subtle" onClick={done}>
            {t("recovery.offerLater")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
