// "I have a code" (Account) and "Continue on this device" (welcome): one field takes a link code from another device
// (8 characters) or the recovery code (20). A link code is previewed first: what this device brings is said before
// anything changes (issue 26.2); the recovery code restores at once (nothing of this device is lost either way).
import "@mantine/core/styles/Input.css";
import { LINK_CODE_LENGTH, normaliseCode, RECOVERY_CODE_LENGTH } from "@ivrit/core/codes";
import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { ApiError } from "../api/client.ts";
import { type LinkResult, linkDevice, recoverLearner, useLearnerChanged } from "../api/learner.ts";
import { useTranslation } from "../use-translation.ts";

const KNOWN_ERRORS = new Set(["invalid_code", "code_expired", "code_used", "already_linked", "too_many_codes"]);

export function EnterCode({ initial = "", onDone }: { initial?: string; onDone?: () => void }) {
  const { t } = useTranslation("sync");
  const learnerChanged = useLearnerChanged();
  const [code, setCode] = useState(initial);
  const [preview, setPreview] = useState<LinkResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const messageOf = (e: unknown) => {
    if (!(e instanceof ApiError) || !KNOWN_ERRORS.has(e.code)) return t("enter.errors.other");
    const minutes = /(\d+) min/.exec(e.message)?.[1] ?? "10";
    return t(`enter.errors.${e.code}`, { minutes });
  };

  const finish = async (message: string) => {
    setDone(message);
    setPreview(null);
    await learnerChanged();
    onDone?.();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const link = normaliseCode(code, LINK_CODE_LENGTH);
    const recovery = normaliseCode(code, RECOVERY_CODE_LENGTH);
    if (!link && !recovery) {
      setError(t("enter.errors.format"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (recovery) await finish(t("enter.recovered", { n: (await recoverLearner(recovery)).merged.answers }));
      else if (preview) {
        await linkDevice(link as string, true);
        await finish(t("enter.linked"));
      } else setPreview(await linkDevice(link as string, false));
    } catch (e) {
      setPreview(null);
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Alert color="teal" variant="light" role="status" data-testid="code-done">
        {done}
      </Alert>
    );
  const answers = preview?.thisDevice.answers ?? 0;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text>{t("enter.text")}</Text>
        <TextInput
          label={t("enter.label")}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setPreview(null);
            setError(null);
          }}
          dir="ltr"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          error={error}
          data-testid="code-input"
          styles={{ input: { fontFamily: "ui-monospace, monospace", letterSpacing: "0.1em" } }}
        />
        {preview && (
          <Alert color="indigo" variant="light" role="status" data-testid="code-preview">
            {answers > 0 ? t("enter.previewSome", { n: answers }) : t("enter.previewNone")}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy} data-testid="code-submit">
            {preview ? t("enter.join") : t("enter.check")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
