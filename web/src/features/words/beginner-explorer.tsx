// The beginner module on the Words page: letters, vowels and words with search (SPEC section 2).
import "@mantine/core/styles/Accordion.css";
import "@mantine/core/styles/Badge.css";
import { stripNikkud } from "@ivrit/core/hebrew";
import { Accordion, Badge, Group, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { errorMessage } from "../../shared/api/client.ts";
import { useBeginnerData } from "../../shared/api/get-beginner-data.ts";
import { type CardWord, fromBeginnerWord, fromLetter, fromLetterVowel } from "../../shared/card-word.ts";
import { AudioButton } from "../../shared/ui/audio-button.tsx";
import { ERROR_TEXT } from "../../shared/ui/colors.ts";
import { Hebrew } from "../../shared/ui/hebrew.tsx";
import { LoadingText, LockedBanner } from "../../shared/ui/status.tsx";
import { WordCardModal } from "../../shared/ui/word-card-modal.tsx";
import { WordPicture } from "../../shared/ui/word-picture.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useTranslation } from "../../shared/use-translation.ts";
import classes from "./explorer.module.css";

/** Search without vowel marks, case, and the hyphens and apostrophes of transliterations (sha-LOM = shalom). */
function fold(text: string): string {
  return stripNikkud(text)
    .toLocaleLowerCase()
    .replace(/[-'’ʼ\s]/gu, "");
}

export function matches(query: string, ...fields: (string | null | undefined)[]): boolean {
  const q = fold(query);
  if (!q) return true;
  return fields.some((f) => f && fold(f).includes(q));
}

interface SectionProps {
  value: string;
  title: string;
  placeholder: string;
  items: CardWord[];
  search: (item: CardWord, q: string) => boolean;
  withAudio: boolean;
  onOpen: (w: CardWord) => void;
}

function Section({ value, title, placeholder, items, search, withAudio, onOpen }: SectionProps) {
  const { t } = useTranslation("beginner");
  const [q, setQ] = useState("");
  const shown = useMemo(() => items.filter((i) => search(i, q)), [items, q, search]);
  return (
    <Accordion.Item value={value}>
      <Accordion.Control>
        <Group gap="sm">
          <Text fw={600}>{title}</Text>
          <Badge color="indigo.8" circle={false}>
            {items.length}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <TextInput
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          mb="sm"
        />
        {shown.length === 0 ? (
          <Text c="dimmed">{t("explorer.noResults")}</Text>
        ) : (
          <ul className={classes.list}>
            {shown.map((item) => (
              <li key={item.key} className={classes.row}>
                <UnstyledButton className={classes.rowButton} onClick={() => onOpen(item)}>
                  <WordPicture file={item.picture} size={28} />
                  <Hebrew size="lg">{item.nikkud}</Hebrew>
                  <Text component="span" className={classes.gloss}>
                    <bdi>{item.translation}</bdi>
                    {item.transliteration && item.transliteration !== item.translation && (
                      <Text component="span" c="dimmed" size="sm">
                        {" "}
                        · <bdi>{item.transliteration}</bdi>
                      </Text>
                    )}
                  </Text>
                </UnstyledButton>
                {withAudio && <AudioButton path={item.audioPath} text={item.nikkud} size="sm" />}
              </li>
            ))}
          </ul>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}

export function BeginnerExplorer() {
  const { t } = useTranslation("beginner");
  const language = useLanguage();
  const data = useBeginnerData(language);
  const [open, setOpen] = useState<CardWord | null>(null);

  const letters = useMemo(() => (data.data?.letters ?? []).map(fromLetter), [data.data]);
  const combos = useMemo(() => (data.data?.combos ?? []).map(fromLetterVowel), [data.data]);
  const words = useMemo(() => (data.data?.words ?? []).map(fromBeginnerWord), [data.data]);

  if (data.isPending) return <LoadingText>{t("loadingData")}</LoadingText>;
  if (data.isError)
    return (
      <Text role="alert" c={ERROR_TEXT}>
        {t("loadFailed", { message: errorMessage(data.error) })}
      </Text>
    );

  return (
    <Stack gap="md">
      {data.data.locked && <LockedBanner />}
      <Accordion multiple defaultValue={["letters"]} variant="separated">
        <Section
          value="letters"
          title={t("explorer.letters")}
          placeholder={t("explorer.searchLetters")}
          items={letters}
          search={(i, q) => matches(q, i.hebrew, i.transliteration, i.translation)}
          withAudio
          onOpen={setOpen}
        />
        <Section
          value="vowels"
          title={t("explorer.vowels")}
          placeholder={t("explorer.searchVowels")}
          items={combos}
          search={(i, q) => matches(q, i.hebrew, i.transliteration)}
          withAudio={false}
          onOpen={setOpen}
        />
        <Section
          value="words"
          title={t("explorer.words")}
          placeholder={t("explorer.searchWords")}
          items={words}
          search={(i, q) => matches(q, i.hebrew, i.nikkud, i.translation, i.transliteration)}
          withAudio
          onOpen={setOpen}
        />
      </Accordion>
      <WordCardModal word={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
