import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import { Button, Group, Modal } from "@mantine/core";
import { useTranslation } from "../use-translation.ts";
import { InstructionsList } from "./instructions-list.tsx";

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  steps: unknown;
}

export default function InstructionsModal({ opened, onClose, title, steps }: Props) {
  const { t } = useTranslation("common");
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": t("close") }}>
      <InstructionsList steps={steps} />
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t("gotIt")}</Button>
      </Group>
    </Modal>
  );
}
