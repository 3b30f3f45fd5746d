import { ActionIcon } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconHelpCircle } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useOpenedOnce } from "../use-opened-once.ts";
import { useTranslation } from "../use-translation.ts";

// The dialog (Mantine's Modal) loads on the first click, keeping it out of /home's first load.
const InstructionsModal = lazy(() => import("./instructions-modal.tsx"));

/** The question-mark button of a game card and the dialog it opens. */
export function InstructionsButton({ ns, gameKey }: { ns: "games" | "beginner"; gameKey: string }) {
  const { t } = useTranslation([ns, "common"]);
  const [opened, { open, close }] = useDisclosure(false);
  const mounted = useOpenedOnce(opened);
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
      {mounted && (
        <Suspense fallback={null}>
          <InstructionsModal opened={opened} onClose={close} title={name} steps={steps} />
        </Suspense>
      )}
    </>
  );
}
