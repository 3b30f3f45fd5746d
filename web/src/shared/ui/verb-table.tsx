// A verb's whole conjugation table on the word card (issue 9, decision 0018): collapsed behind a disclosure
// button, each form pointed (a Hebrew isolate), transliterated, and playable by the device's voice (no file
// exists per form: AudioButton falls back to the he-IL speech voice and hides itself without one). A cell whose
// written form is literary shows the spoken form first and the literary one under it, so marked (decision 0091).

import "@mantine/core/styles/Table.css";
import type { VerbForm } from "@ivrit/core/schemas/api";
import { Button, Collapse, Group, Stack, Table, Text } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "../use-translation.ts";
import { AudioButton } from "./audio-button.tsx";
import { Hebrew } from "./hebrew.tsx";

/** The table's sections and the label key of each cell (verbs.json: person.* and form.*). */
const SECTIONS: { tense: string; cells: [cell: string, label: string][] }[] = [
  {
    tense: "present",
    cells: [
      ["pres.ms", "form.ms"],
      ["pres.fs", "form.fs"],
      ["pres.mp", "form.mp"],
      ["pres.fp", "form.fp"],
    ],
  },
  {
    tense: "past",
    cells: ["1s", "2ms", "2fs", "3ms", "3fs", "1p", "2mp", "2fp", "3p"].map((p) => [`past.${p}`, `person.${p}`]),
  },
  {
    tense: "future",
    cells: ["1s", "2ms", "2fs", "3ms", "3fs", "1p", "2mp", "2fp", "3mp", "3fp"].map((p) => [`fut.${p}`, `person.${p}`]),
  },
  {
    tense: "imperative",
    cells: [
      ["imp.ms", "form.ms"],
      ["imp.fs", "form.fs"],
      ["imp.p", "form.p"],
    ],
  },
  { tense: "infinitive", cells: [["inf", "tense.infinitive"]] },
];

export function VerbTable({
  forms,
  highlight,
  showLabel,
}: {
  forms: Record<string, VerbForm>;
  /** A cell to mark (the form a game asked for). */
  highlight?: string | undefined;
  /** The disclosure button's text when closed; "Show all forms" unless said. */
  showLabel?: string | undefined;
}) {
  const { t } = useTranslation("verbs");
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        rightSection={open ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
      >
        {open ? t("hide") : (showLabel ?? t("show"))}
      </Button>
      <Collapse expanded={open}>
        <Stack gap="md" id={id} data-testid="verb-table" role="region" aria-label={t("title")}>
          {SECTIONS.map((s) => {
            const rows = s.cells.filter(([cell]) => forms[cell]);
            if (!rows.length) return null;
            return (
              <Stack key={s.tense} gap={4}>
                <Text fw={600} size="sm" component="h3" m={0}>
                  {t(`tense.${s.tense}`)}
                </Text>
                <Table withRowBorders verticalSpacing={4} horizontalSpacing="xs">
                  <Table.Tbody>
                    {rows.map(([cell, label]) => {
                      const f = forms[cell] as VerbForm;
                      return (
                        <Table.Tr
                          key={cell}
                          data-cell={cell}
                          data-asked={cell === highlight || undefined}
                          bg={cell === highlight ? "yellow.1" : undefined}
                          fw={cell === highlight ? 700 : undefined}
                        >
                          <Table.Td>
                            <Text size="sm" c="dimmed">
                              {t(label)}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Hebrew size="lg">{f.nikkud}</Hebrew>
                            {f.literary && (
                              // The written form Israelis do not say (decision 0091), after the spoken one.
                              <Text size="xs" c="dimmed" data-testid="literary">
                                {t("literary")} <Hebrew size="sm">{f.literary.nikkud}</Hebrew>{" "}
                                <bdi dir="ltr">{f.literary.translit}</bdi>
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" c="dimmed" dir="ltr" style={{ whiteSpace: "nowrap" }}>
                              <bdi>{f.translit}</bdi>
                            </Text>
                          </Table.Td>
                          <Table.Td w={36}>
                            <Group justify="flex-end">
                              <AudioButton path={null} text={f.nikkud} size="sm" />
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Stack>
            );
          })}
        </Stack>
      </Collapse>
    </Stack>
  );
}
