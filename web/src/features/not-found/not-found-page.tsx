import { Button, Stack, Title } from "@mantine/core";
import { Link } from "../../shared/router.tsx";
import { useTranslation } from "../../shared/use-translation.ts";

export default function NotFoundPage() {
  const { t } = useTranslation("common");
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{t("notFound")}</Title>
      <Button component={Link} to="/home">
        {t("goHome")}
      </Button>
    </Stack>
  );
}
