// What a learner sees when a page cannot be shown (a lazily loaded chunk that failed to download, a render error):
// the header stays, the text says what happened in the learner's language, Retry tries again, and when the device is
// offline it says so and retries by itself once the connection is back. Its texts are in the common namespace,
// which is loaded before any page, so they show even offline.
import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconRefresh, IconWifiOff } from "@tabler/icons-react";
import { Component, type ReactNode, useCallback, useEffect } from "react";
import { logError } from "../log.ts";
import { useOnline } from "../use-online.ts";
import { useTranslation } from "../use-translation.ts";

/** A lazily imported module that could not be fetched (the browsers word it differently). */
export function isChunkError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  // Vite's preload helper says "Unable to preload CSS for ..." when the page's stylesheet is the part that failed.
  return /dynamically imported module|module script failed|Importing a module script|ChunkLoadError|Loading chunk|error loading dynamically|Unable to preload CSS/i.test(
    message,
  );
}

function Recovery({ error, reset }: { error: unknown; reset: () => void }) {
  const { t } = useTranslation("common");
  const online = useOnline();
  // A failed lazy import stays failed for that component (React keeps the rejected promise), so a chunk error is
  // retried by loading the page again; any other error by rendering the page again.
  const retry = useCallback(() => {
    if (isChunkError(error)) window.location.reload();
    else reset();
  }, [error, reset]);
  useEffect(() => {
    const back = () => retry();
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [retry]);
  return (
    <Stack gap="md" maw={640} data-testid="route-error">
      <Alert
        color={online ? "red" : "orange"}
        variant="light"
        role="alert"
        icon={online ? undefined : <IconWifiOff aria-hidden="true" />}
        title={online ? t("recovery.title") : t("recovery.offlineTitle")}
      >
        <Text>{online ? t("recovery.text") : t("recovery.offlineText")}</Text>
      </Alert>
      <Button
        onClick={retry}
        leftSection={<IconRefresh size={18} aria-hidden="true" />}
        style={{ alignSelf: "flex-start" }}
      >
        {t("recovery.retry")}
      </Button>
    </Stack>
  );
}

interface BoundaryProps {
  children: ReactNode;
}

/** One per route (the layout keys it by path), so moving to another page starts clean. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    logError("page", error);
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error !== null) return <Recovery error={this.state.error} reset={this.reset} />;
    return this.props.children;
  }
}
