// Account: the colour mode (issue 30.4): light (the default), dark, or as the device says. Kept on this device.
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/FloatingIndicator.css";
import { type MantineColorScheme, SegmentedControl, Stack, Text, Title, useMantineColorScheme } from "@mantine/core";
import { COLOR_SCHEMES } from "../../shared/color-scheme.ts";
import { useTranslation } from "../../shared/use-translation.ts";

export function Appearance() {
  const { t } = useTranslation("account");
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <section aria-labelledby="appearance-title" data-testid="appearance">
      <Stack gap="sm">
        <Title order={2} size="h3" id="appearance-title">
          {t("appearance.title")}
        </Title>
        <Text id="appearance-text">{t("appearance.text")}</Text>
        <SegmentedControl
          aria-labelledby="appearance-title"
          aria-describedby="appearance-text"
          value={colorScheme}
          onChange={(v) => setColorScheme(v as MantineColorScheme)}
          data={COLOR_SCHEMES.map((s) => ({ value: s, label: t(`appearance.${s}`) }))}
          fullWidth
          data-testid="color-scheme"
        />
      </Stack>
    </section>
  );
}
