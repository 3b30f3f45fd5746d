import { Center, Container, Loader } from "@mantine/core";
import { lazy, Suspense, useEffect } from "react";
import { isNativeApp } from "../shared/platform.ts";
import { Outlet, useLocation } from "../shared/router.tsx";
import { OfflineBanner } from "../shared/ui/offline-banner.tsx";
import { RouteErrorBoundary } from "../shared/ui/route-error-boundary.tsx";
import { useTranslation } from "../shared/use-translation.ts";
import { Header } from "./header.tsx";
import { OfflineSync } from "./offline-sync.tsx";

/** The phone's local reminders (issue 30.3): native app only, its own chunk. */
const NativeRemindersSync = lazy(() => import("../shared/reminders/native-reminders-sync.tsx"));

function PageLoader() {
  const { t } = useTranslation("common");
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="md" aria-label={t("loading")} />
    </Center>
  );
}

/**
 * A title per page (issue 11.8): "<the page's heading> – Ivrit", kept in step with the heading as the page loads and
 * as the language changes (the heading is already in the learner's language).
 */
function useDocumentTitle(pathname: string, appName: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route is a new page: read its heading again at once.
  useEffect(() => {
    const main = document.getElementById("main");
    if (!main) return;
    const update = () => {
      const heading = main.querySelector("h1")?.textContent?.trim();
      const title = heading ? `${heading} – ${appName}` : appName;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname, appName]);
}

export function Layout() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  useDocumentTitle(pathname, t("appName"));
  return (
    <>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <Header />
      <OfflineBanner />
      <OfflineSync />
      {isNativeApp() && (
        <Suspense fallback={null}>
          <NativeRemindersSync />
        </Suspense>
      )}
      <Container component="main" id="main" size="lg" py="lg" w="100%" style={{ flex: 1 }}>
        {/* Keyed by path: an error on one page does not follow the learner to the next. */}
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Container>
    </>
  );
}
