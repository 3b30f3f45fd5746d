import "./app/fonts.ts";
import "./app/mantine-styles.ts";
import "./app/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { prefetchFirstPage } from "./app/first-data.ts";
import { createQueryClient, Providers } from "./app/providers.tsx";
import { AppRouter, preloadRoute } from "./app/router.tsx";
import { applyStoredColorScheme } from "./shared/color-scheme.ts";
import { initI18n } from "./shared/i18n.ts";
import { logError } from "./shared/log.ts";
import { appPlatform } from "./shared/platform.ts";
import { registerServiceWorker } from "./shared/service-worker.ts";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("Root element #root not found");
const root = rootElement;

/** Shown when start-up fails (SPEC section 8); the locales may be what failed, so it has its own text. */
function showBootstrapFailure(error: unknown, message: string): void {
  logError("bootstrap", error);
  const p = document.createElement("p");
  p.setAttribute("role", "alert");
  p.style.cssText = "font: 1.25rem/1.8 sans-serif; padding: 2rem; text-align: center";
  p.textContent = message;
  root.replaceChildren(p);
}

const FAILED = "Failed to initialize. Please refresh.";
/** The longest the first render waits for the first page's code after the common texts (then: a loader, as before). */
const FIRST_PAGE_WAIT_MS = 3000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Native: status bar, top offset, old service workers removed. Web: the service worker (production builds). */
function startPlatform(): void {
  const platform = appPlatform();
  if (platform !== "web") {
    document.documentElement.dataset.native = platform;
    import("./shared/native.ts")
      .then((m) => m.startNative(platform))
      .catch((e: unknown) => logError("native start-up", e));
  } else if (import.meta.env.PROD) {
    window.addEventListener("load", () => void registerServiceWorker(), { once: true });
  }
}

async function bootstrap(): Promise<void> {
  applyStoredColorScheme();
  startPlatform();
  const started = initI18n();
  // The page's code and texts load while the common texts do (not one after another), and its API reads start
  // now rather than once its code has rendered (issue 16).
  const page = preloadRoute(window.location.pathname);
  const client = createQueryClient();
  const reads = prefetchFirstPage(client, window.location);
  // The first render waits for the page's code too (bounded): the header and the page paint together, instead of
  // the header and a loader first (issue 16: Lighthouse counts blocking time from the first paint on). /words also
  // waits for its words, in the same bound (decision 0064).
  const [i18n] = await Promise.all([started, Promise.race([Promise.all([page, reads]), delay(FIRST_PAGE_WAIT_MS)])]);
  // The language's texts are needed to show anything: without them, the start-up failed.
  if (!i18n.hasResourceBundle(i18n.language, "common")) {
    const message = i18n.exists("bootstrapFailed") ? i18n.t("bootstrapFailed") : FAILED;
    showBootstrapFailure(new Error(`no common texts for ${i18n.language}`), message);
    return;
  }
  // The first render as a transition: React renders it in slices and yields to the browser between them, instead of
  // one long task of several hundred ms on a slow phone (issue 16: Lighthouse's total blocking time).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <Providers client={client}>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  );
}

bootstrap().catch((error: unknown) => showBootstrapFailure(error, FAILED));
