// Account: the learner behind the devices (issue 26). The public support id (the anonymous id is a bearer secret and
// is no longer shown), a link code with its QR code for another device, "I have a code", the recovery code (shown
// once, copied or saved as a file), the devices with unlink, and erasing the learner's data on the server.
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Code.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import { LINK_CODE_LENGTH, normaliseCode } from "@ivrit/core/codes";
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCheck, IconCopy, IconDeviceDesktop, IconDownload, IconLink, IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  createLinkCode,
  createRecoveryCode,
  eraseServerData,
  type LinkCode,
  type RecoveryCode,
  unlinkDevice,
  useAccount,
  useDevices,
  useLearnerChanged,
} from "../../shared/api/learner.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { serverUrl } from "../../shared/platform.ts";
import { EnterCode } from "../../shared/ui/enter-code.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useOnline } from "../../shared/use-online.ts";
import { useTranslation } from "../../shared/use-translation.ts";

/** A button that copies `value`, saying "copied" once it did. */
function CopyValue({ value, label, done }: { value: string; label: string; done: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant="default"
          onClick={copy}
          leftSection={copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
        >
          {copied ? done : label}
        </Button>
      )}
    </CopyButton>
  );
}

/** A QR code drawn as SVG (uqr loaded only when a code is shown). */
function QrCode({ text, label }: { text: string; label: string }) {
  const [cells, setCells] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    import("uqr").then(({ encode }) => live && setCells(encode(text, { ecc: "M", border: 2 }).data));
    return () => {
      live = false;
    };
  }, [text]);
  if (!cells) return <div style={{ width: 180, height: 180 }} />;
  const n = cells.length;
  let path = "";
  cells.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n} ${n}`}
      width={180}
      height={180}
      shapeRendering="crispEdges"
      data-testid="link-qr"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The link code for another device: shown large, with its QR code and when it stops working. */
function LinkCodeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(["sync", "common"]);
  const language = useLanguage();
  const [code, setCode] = useState<LinkCode | null>(null);
  const [now, setNow] = useState(Date.now());
  const make = useMutation({ mutationFn: createLinkCode, onSuccess: setCode });
  // A new code each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: make.mutate is stable enough; only opening matters
  useEffect(() => {
    if (opened) make.mutate();
    else setCode(null);
  }, [opened]);
  useEffect(() => {
    if (!opened) return;
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, [opened]);
  const expired = code ? Date.parse(code.expiresAt) <= now : false;
  const raw = code ? (normaliseCode(code.code, LINK_CODE_LENGTH) ?? "") : "";
  const url = new URL(serverUrl(`/welcome?code=${raw}`), window.location.href).href;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("link.codeTitle")}
      centered
      closeButtonProps={{ "aria-label": t("common:close") }}
    >
      <Stack gap="sm" align="center">
        <Text>{t("link.codeText")}</Text>
        {make.isError && (
          <Alert color="red" variant="light">
            {t("enter.errors.other")}
          </Alert>
        )}
        {code && !expired && (
          <>
            <Code
              dir="ltr"
              data-testid="link-code"
              style={{ fontSize: "2rem", letterSpacing: "0.15em", padding: "0.4em 0.6em" }}
            >
              {code.code}
            </Code>
            <QrCode text={url} label={t("link.qr")} />
            <Text size="sm" c="dimmed">
              {t("link.validUntil", {
                time: new Date(code.expiresAt).toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit" }),
              })}
            </Text>
          </>
        )}
        {expired && <Text role="status">{t("link.expired")}</Text>}
        {expired && (
          <Button variant="default" onClick={() => make.mutate()}>
            {t("link.newCode")}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}

function SupportId({ supportId }: { supportId: string }) {
  const { t } = useTranslation("sync");
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="support-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="support-title">
          {t("support.title")}
        </Title>
        <Text>{t("support.text")}</Text>
        <Code dir="ltr" data-testid="support-id" style={{ fontSize: "var(--mantine-font-size-md)" }}>
          {supportId}
        </Code>
        <CopyValue value={supportId} label={t("support.copy")} done={t("support.copied")} />
      </Stack>
    </Card>
  );
}

/** The recovery code just made: shown once, to copy or save as a file. */
function RecoveryCodeShown({ code, onDone }: { code: RecoveryCode; onDone: () => void }) {
  const { t } = useTranslation("sync");
  const save = () => {
    const blob = new Blob([t("recovery.file", { code: code.code })], { type: "text/plain;charset=utf-8" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "ivrit-recovery-code.txt";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1_000);
  };
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="yellow" variant="light">
        {t("recovery.shownOnce")}
      </Alert>
      <Code
        dir="ltr"
        data-testid="recovery-code"
        style={{ fontSize: "1.3rem", letterSpacing: "0.08em", overflowWrap: "anywhere" }}
      >
        {code.code}
      </Code>
      <Group gap="sm">
        <CopyValue value={code.code} label={t("recovery.copy")} done={t("recovery.copied")} />
        <Button variant="default" onClick={save} leftSection={<IconDownload size={18} aria-hidden="true" />}>
          {t("recovery.save")}
        </Button>
        <Button onClick={onDone}>{t("recovery.done")}</Button>
      </Group>
    </Stack>
  );
}

/** Makes (or remakes) the recovery code; `shown` holds it until the learner says it is saved. */
export function useRecoveryCode() {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<RecoveryCode | null>(null);
  const make = useMutation({
    mutationFn: createRecoveryCode,
    onSuccess: (c) => {
      setShown(c);
      queryClient.invalidateQueries({ queryKey: queryKeys.me.account() });
    },
  });
  return { shown, make, hide: () => setShown(null) };
}

function RecoverySection({ madeAt }: { madeAt: string | null }) {
  const { t } = useTranslation("sync");
  const language = useLanguage();
  const { shown, make, hide } = useRecoveryCode();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="recovery-title" id="recovery">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="recovery-title">
          {t("recovery.title")}
        </Title>
        <Text>{t("recovery.text")}</Text>
        {shown ? (
          <RecoveryCodeShown code={shown} onDone={hide} />
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="recovery-status">
              {madeAt
                ? t("recovery.made", { date: new Date(madeAt).toLocaleDateString(language, { dateStyle: "long" }) })
                : t("recovery.none")}
            </Text>
            <Button onClick={() => make.mutate()} loading={make.isPending} data-testid="recovery-make">
              {madeAt ? t("recovery.remake") : t("recovery.make")}
            </Button>
            {madeAt && (
              <Text size="sm" c="dimmed">
                {t("recovery.remakeNote")}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function DevicesSection() {
  const { t } = useTranslation(["sync", "common"]);
  const language = useLanguage();
  const devices = useDevices();
  const learnerChanged = useLearnerChanged();
  const [unlinking, setUnlinking] = useState<string | null>(null);
  const unlink = useMutation({
    mutationFn: unlinkDevice,
    onSuccess: async () => {
      setUnlinking(null);
      await learnerChanged();
    },
  });
  const date = (iso: string) => new Date(iso).toLocaleDateString(language, { dateStyle: "medium" });
  const items = devices.data?.items ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="devices-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="devices-title">
          {t("devices.title")}
        </Title>
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="devices">
          {items.map((d) => (
            <Group key={d.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconDeviceDesktop size={22} aria-hidden="true" />
                <Stack gap={0}>
                  <Group gap="xs">
                    <Text fw={600} dir="ltr">
                      {d.platform}
                    </Text>
                    {d.thisDevice && (
                      <Badge color="indigo.8" variant="filled" data-testid="this-device">
                        {t("devices.thisDevice")}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t("devices.firstSeen", { date: date(d.firstSeen) })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t("devices.lastSeen", { date: date(d.lastSeen) })}
                  </Text>
                </Stack>
              </Group>
              {items.length > 1 && (
                <Button variant="default" size="xs" style={{ flexShrink: 0 }} onClick={() => setUnlinking(d.id)}>
                  {t("devices.unlink")}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
        {unlink.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {t("devices.unlinked")}
          </Alert>
        )}
      </Stack>
      <Modal
        opened={unlinking !== null}
        onClose={() => setUnlinking(null)}
        title={t("devices.unlinkTitle")}
        centered
        closeButtonProps={{ "aria-label": t("common:close") }}
      >
        <Text>{t("devices.unlinkText")}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setUnlinking(null)}>
            {t("common:cancel")}
          </Button>
          <Button
            color="red.9"
            loading={unlink.isPending}
            onClick={() => unlinking && unlink.mutate(unlinking)}
            data-testid="unlink-confirm"
          >
            {t("devices.unlink")}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

function EraseSection() {
  const { t } = useTranslation(["sync", "common"]);
  const [opened, { open, close }] = useDisclosure(false);
  const [typed, setTyped] = useState("");
  const learnerChanged = useLearnerChanged();
  const erase = useMutation({
    mutationFn: eraseServerData,
    onSuccess: async () => {
      close();
      await learnerChanged();
    },
  });
  const word = t("erase.word");
  const matches = typed.trim().toLocaleUpperCase() === word.toLocaleUpperCase();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="erase-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" id="erase-title">
          {t("erase.title")}
        </Title>
        <Text>{t("erase.text")}</Text>
        {erase.data && (
          <Alert color="teal" variant="light" role="status" data-testid="erase-done">
            {t("erase.done", { n: erase.data.answers })}
          </Alert>
        )}
        <Button color="red.9" leftSection={<IconTrash aria-hidden="true" size={18} />} onClick={open}>
          {t("erase.button")}
        </Button>
      </Stack>
      <Modal
        opened={opened}
        onClose={close}
        title={t("erase.confirmTitle")}
        centered
        closeButtonProps={{ "aria-label": t("common:close") }}
      >
        <Stack gap="sm">
          <Text>{t("erase.confirmText", { word })}</Text>
          <TextInput
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            aria-label={t("erase.confirmText", { word })}
            data-testid="erase-word"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("common:cancel")}
            </Button>
            <Button
              color="red.9"
              disabled={!matches}
              loading={erase.isPending}
              onClick={() => erase.mutate()}
              data-testid="erase-confirm"
            >
              {t("erase.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** Everything about the learner behind this device; online only (each part needs the server). */
export function SyncSection() {
  const { t } = useTranslation(["sync", "common"]);
  const online = useOnline();
  const account = useAccount();
  const [showing, code] = useDisclosure(false);
  const [entering, enter] = useDisclosure(false);
  if (!online || !account.data) return null;
  return (
    <>
      <Card withBorder padding="lg" component="section" aria-labelledby="link-title">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3" id="link-title">
            {t("link.title")}
          </Title>
          <Text>{t("link.text")}</Text>
          <Text size="sm" c="dimmed" data-testid="linked-devices">
            {t("link.devices", { n: account.data.devices })}
          </Text>
          <Group gap="sm">
            <Button onClick={code.open} leftSection={<IconLink size={18} aria-hidden="true" />} data-testid="link-show">
              {t("link.show")}
            </Button>
            <Button variant="default" onClick={enter.open} data-testid="link-enter">
              {t("link.enter")}
            </Button>
          </Group>
        </Stack>
      </Card>
      <LinkCodeModal opened={showing} onClose={code.close} />
      <Modal
        opened={entering}
        onClose={enter.close}
        title={t("enter.title")}
        centered
        closeButtonProps={{ "aria-label": t("common:close") }}
      >
        <EnterCode />
      </Modal>
      <DevicesSection />
      <RecoverySection madeAt={account.data.recoveryCodeAt} />
      <SupportId supportId={account.data.supportId} />
      <EraseSection />
    </>
  );
}
