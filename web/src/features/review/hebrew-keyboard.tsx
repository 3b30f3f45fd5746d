// An on-screen Hebrew keyboard (the Israeli SI-1452 layout, finals where they sit on a real keyboard), for
// devices without a Hebrew layout. The device's own keyboard works as well.
import { Button, Group, Stack } from "@mantine/core";
import { IconBackspace } from "@tabler/icons-react";
import { useTranslation } from "../../shared/use-translation.ts";
import classes from "./review.module.css";

const ROWS = [
  ["ק", "ר", "א", "ט", "ו", "ן", "ם", "פ"],
  ["ש", "ד", "ג", "כ", "ע", "י", "ח", "ל", "ך", "ף"],
  ["ז", "ס", "ב", "ה", "נ", "מ", "צ", "ת", "ץ"],
] as const;

export function HebrewKeyboard({
  onKey,
  onBackspace,
  disabled,
}: {
  onKey: (text: string) => void;
  onBackspace: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("review");
  return (
    // A group of buttons, each a letter: screen readers read the letter itself.
    <Stack gap={4} role="group" aria-label={t("typing.keyboard")} dir="rtl" lang="he" className={classes.keyboard}>
      {ROWS.map((row) => (
        <Group key={row.join("")} gap={4} justify="center" wrap="nowrap">
          {row.map((letter) => (
            <Button
              key={letter}
              variant="default"
              size="compact-md"
              className={classes.key}
              disabled={disabled}
              onClick={() => onKey(letter)}
              data-key={letter}
            >
              {letter}
            </Button>
          ))}
        </Group>
      ))}
      <Group gap={4} justify="center" wrap="nowrap">
        <Button
          variant="default"
          size="compact-md"
          className={classes.space}
          disabled={disabled}
          onClick={() => onKey(" ")}
          aria-label={t("typing.space")}
        >
          {t("typing.space")}
        </Button>
        <Button
          variant="default"
          size="compact-md"
          disabled={disabled}
          onClick={onBackspace}
          aria-label={t("typing.backspace")}
        >
          <IconBackspace size={18} aria-hidden="true" />
        </Button>
      </Group>
    </Stack>
  );
}
