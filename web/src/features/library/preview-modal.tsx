// A locked module's preview: its words without example sentences; activation is refused with the tier message.
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import type { Module } from "@ivrit/core/schemas/api";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { errorMessage } from "../../shared/api/client.ts";
import { useWords } from "../../shared/api/get-words.ts";
import { Hebrew, Translation } from "../../shared/ui/hebrew.tsx";
import { ErrorText, LoadingText } from "../../shared/ui/status.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useModuleName } from "../../shared/use-module-name.ts";
import { useTranslation } from "../../shared/use-translation.ts";

interface Props {
  module: Module | null;
  onClose: () => void;
  onActivate: (m: Module) => void;
}

export function PreviewModal({ module, onClose, onActivate }: Props) {
  const { t } = useTranslation(["library", "common"]);
  const language = useLanguage();
  const moduleName = useModuleName();
  const [refused, setRefused] = useState(false);
  const words = useWords({ language, moduleId: module?.id ?? 0, limit: "30", fields: "compact" }, module !== null);
  const close = () => {
    setRefused(false);
    onClose();
  };
  return (
    <Modal
      opened={module !== null}
      onClose={close}
      title={module ? t("previewTitle", { name: moduleName(module) }) : ""}
      size="lg"
      centered
      closeButtonProps={{ "aria-label": t("common:close") }}
    >
      {module && (
        <Stack gap="sm">
          <Text c="dimmed">{t("previewText")}</Text>
          {words.isPending && <LoadingText />}
          {words.isError && <ErrorText message={errorMessage(words.error)} />}
          {words.data && (
            <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {words.data.items.map((w) => (
                <Group key={w.id} component="li" justify="space-between" wrap="nowrap" gap="md">
                  <Hebrew size="lg">{w.word_with_nikkud || w.word_he}</Hebrew>
                  <Text ta="end">
                    <Translation>{w.translation}</Translation>
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          {refused && (
            <Alert color="red" variant="light" role="alert">
              {t("tierLockedTitle", { tier: module.tier })}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t("common:close")}
            </Button>
            <Button
              onClick={() => {
                setRefused(true);
                onActivate(module);
              }}
            >
              {t("common:activate")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
