// The word card's dialog: Mantine's Modal and its styles, in a chunk of its own (shared/ui/word-card-modal.tsx).
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Badge.css";
import { Badge, Button, Divider, Group, Modal, Stack, Text } from "@mantine/core";
import { Suspense } from "react";
import { type CardWord, showRoots } from "../card-word.ts";
import { useTranslation } from "../use-translation.ts";
import { AudioButton } from "./audio-button.tsx";
import { ERROR_TEXT } from "./colors.ts";
import { Hebrew, Translation } from "./hebrew.tsx";
import { VerbTable } from "./verb-table.tsx";
import { WordPicture } from "./word-picture.tsx";

/**
 * Word with vowel marks, translation, root, tense, category, pronunciation and example (SPEC section 2). Loaded on
 * the first open (word-card-modal.tsx).
 */
export default function WordCardDialog({ word, onClose }: { word: CardWord | null; onClose: () => void }) {
  const { t } = useTranslation("common");
  const w = word;
  return (
    <Modal
      opened={w !== null}
      onClose={onClose}
      centered
      title={t("wordCard.title")}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      {w && (
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="center">
            <Group gap="md" wrap="nowrap" align="center">
              <WordPicture file={w.picture} size={64} />
              {w.nikkud || w.hebrew ? (
                <Hebrew size="xxl">{w.nikkud || w.hebrew}</Hebrew>
              ) : (
                <Text c={ERROR_TEXT}>{t("wordCard.missingWord")}</Text>
              )}
            </Group>
            <AudioButton path={w.audioPath} text={w.nikkud || w.hebrew} size="lg" />
          </Group>
          {w.transliteration && (
            <Text c="dimmed" size="sm" dir="ltr" ta="start">
              <bdi>{w.transliteration}</bdi>
            </Text>
          )}
          <Text size="lg" fw={600}>
            {w.translation.trim() ? <bdi>{w.translation}</bdi> : t("wordCard.missingTranslation")}
          </Text>
          <Group gap="xs">
            {w.category && <Badge color="gray.8">{t(`category.${w.category}`, { defaultValue: w.category })}</Badge>}
            {w.tense && <Badge color="teal.9">{t(`tense.${w.tense}`, { defaultValue: w.tense })}</Badge>}
          </Group>
          {showRoots(w) && (
            <Stack gap={2}>
              <Text fw={600} size="sm">
                {t("wordCard.root")}
              </Text>
              {w.roots.map((r) => (
                <Text key={r.root}>
                  <Hebrew>{r.root}</Hebrew>
                  {r.meaning && (
                    <>
                      {" "}
                      · <Translation>{r.meaning}</Translation>
                    </>
                  )}
                </Text>
              ))}
            </Stack>
          )}
          {w.forms && Object.keys(w.forms).length > 0 && (
            // Its labels are a namespace of their own, loaded the first time a verb's card opens.
            <Suspense fallback={null}>
              <VerbTable forms={w.forms} />
            </Suspense>
          )}
          <Divider />
          <Text fw={600} size="sm">
            {t("wordCard.example")}
          </Text>
          {w.locked ? (
            <Text c="dimmed">{t("wordCard.exampleLocked")}</Text>
          ) : w.sentenceHe ? (
            <Stack gap={4}>
              <Hebrew block size="lg">
                {w.sentenceHe}
              </Hebrew>
              {w.sentenceTranslation && <Text c="dimmed">{w.sentenceTranslation}</Text>}
            </Stack>
          ) : (
            <Text c="dimmed">{t("wordCard.noExample")}</Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button onClick={onClose} variant="default">
              {t("close")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
