import { Center, Container, Loader } from "@mantine/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { RouteErrorBoundary } from "../shared/ui/route-error-boundary.tsx";
import { Header } from "./header.tsx";

function PageLoader() {
  const { t } = useTranslation("common");
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="md" aria-label={t("loading")} />
    </Center>
  );
}

export function Layout() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <Header />
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
