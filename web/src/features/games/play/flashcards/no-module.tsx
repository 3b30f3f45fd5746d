// Flashcards without a module (SPEC section 4): a prompt to choose one. Apart from the game's screen, which loads
// in a chunk of its own (screens.ts), because the game page shows it before any screen has loaded.
import { Button, Stack, Text } from "@mantine/core";
import { Link } from "../../../../shared/router.tsx";
import { useTranslation } from "../../../../shared/use-translation.ts";

export function FlashcardsNoModule() {
  const { t } = useTranslation("play");
  return (
    <Stack gap="md" align="flex-start" py="md" data-testid="no-module">
      <Text size="lg">{t("flashcards.noModule")}</Text>
      <Button component={Link} to="/words">
        {t("flashcards.chooseModule")}
      </Button>
    </Stack>
  );
}
