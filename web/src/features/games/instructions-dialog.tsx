import { ActionIcon, Button, Group, List, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconHelpCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The question-mark button of a game card and the dialog it opens. */
export function InstructionsButton({ ns, gameKey }: { ns: "games" | "beginner"; gameKey: string }) {
  const { t } = useTranslation([ns, "common"]);
  const [opened, { open, close }] = useDisclosure(false);
  const name = t(`${gameKey}.name`, { ns });
  const steps = t(`${gameKey}.instructions`, { ns, returnObjects: true }) as unknown;
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray.9"
        size="lg"
        radius="xl"
        onClick={open}
        aria-label={t("common:instructionsFor", { name })}
      >
        <IconHelpCircle aria-hidden="true" />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={close}
        title={name}
        centered
        closeButtonProps={{ "aria-label": t("common:close") }}
      >
        <InstructionsList steps={steps} />
        <Group justify="flex-end" mt="md">
          <Button onClick={close}>{t("common:gotIt")}</Button>
        </Group>
      </Modal>
    </>
  );
}

export function InstructionsList({ steps }: { steps: unknown }) {
  if (Array.isArray(steps)) {
    return (
      <List type="ordered" spacing="xs">
        {steps.map((s) => (
          <List.Item key={String(s)}>{String(s)}</List.Item>
        ))}
      </List>
    );
  }
  return <Text>{String(steps)}</Text>;
}
