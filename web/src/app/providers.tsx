import { isRtl } from "@ivrit/core/languages";
import { DirectionProvider, MantineProvider, useDirection } from "@mantine/core";
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { isOfflineError } from "../shared/api/client.ts";
import { usePlan } from "../shared/api/get-entitlements.ts";
import { queryKeys } from "../shared/api/query-keys.ts";
import { syncTimeZone } from "../shared/api/review-settings.ts";
import { colorSchemeManager } from "../shared/color-scheme.ts";
import { AUTH_CHANGED_EVENT } from "../shared/identity.ts";
import { logError } from "../shared/log.ts";
import { isNativeApp } from "../shared/platform.ts";
import { useLanguage } from "../shared/use-language.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => logError(`query ${JSON.stringify(query.queryKey)}`, error),
    }),
    defaultOptions: {
      // networkMode "always": offline, a query still runs and the API client answers it from the device's copy
      // (issue 15); TanStack's default would pause it until the network returns. No retry of "not kept offline".
      queries: {
        retry: (failures, error) => failures < 1 && !isOfflineError(error),
        refetchOnWindowFocus: false,
        throwOnError: false,
        networkMode: "always",
      },
      mutations: { retry: 0, throwOnError: false, networkMode: "always" },
    },
  });
}

/** Keeps Mantine's direction in step with <html dir> when the language changes. */
function DirectionSync() {
  const lang = useLanguage();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(isRtl(lang) ? "rtl" : "ltr"), [lang, setDirection]);
  return null;
}

function AuthChangedListener({ client }: { client: QueryClient }) {
  useEffect(() => {
    const onChange = () => void client.invalidateQueries({ queryKey: queryKeys.me.all });
    window.addEventListener(AUTH_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(AUTH_CHANGED_EVENT, onChange);
  }, [client]);
  return null;
}

/**
 * The server counts the learner's days in the device's time zone: checked once the page is idle (not by the reads
 * that depend on it: a read never writes). When it changed, the counts read in the old zone are read again; the
 * session on screen is left as it is.
 */
function TimeZoneSync({ client }: { client: QueryClient }) {
  useEffect(() => {
    const start = () =>
      void syncTimeZone().then((changed) => {
        if (!changed) return;
        void client.invalidateQueries({ queryKey: queryKeys.review.queue() });
        void client.invalidateQueries({ queryKey: queryKeys.review.progressAll });
      });
    const idle = window.requestIdleCallback?.(start, { timeout: 5_000 });
    const timer = idle === undefined ? window.setTimeout(start, 2_000) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(timer);
    };
  }, [client]);
  return null;
}

/** Purchases, their toasts and the store's plan: in the native app only (its own chunk). */
const NativePurchases = lazy(() => import("../shared/purchases/native-purchases.tsx"));

/** When the plan changes (bought, restored, granted on the server), the lists with locked flags are re-read. */
function PlanChangeRefresher({ client }: { client: QueryClient }) {
  const { plan } = usePlan();
  const previous = useRef(plan);
  useEffect(() => {
    if (previous.current === plan) return;
    previous.current = plan;
    for (const queryKey of [
      queryKeys.me.modulesAll,
      queryKeys.me.activeModuleAll,
      queryKeys.wordsAll,
      queryKeys.beginnerAll,
    ])
      void client.invalidateQueries({ queryKey });
  }, [plan, client]);
  return null;
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider initialDirection={document.documentElement.dir === "rtl" ? "rtl" : "ltr"}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
        >
          <DirectionSync />
          <AuthChangedListener client={queryClient} />
          <PlanChangeRefresher client={queryClient} />
          <TimeZoneSync client={queryClient} />
          {isNativeApp() && (
            <Suspense fallback={null}>
              <NativePurchases />
            </Suspense>
          )}
          {children}
        </MantineProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
