// Keeps the device ready for no network (issue 15): sends what waits in the post queue at start and whenever the
// network returns (the pages that show answers then read them again, issue 26.8), and, while online, runs the
// offline warm-up (shared/offline/warm.ts) a moment after start, after each page change (at most every 10 minutes
// for the same module, plan and language) and when the network returns.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useEntitlements, usePlan } from "../shared/api/get-entitlements.ts";
import { useLevel } from "../shared/api/get-me.ts";
import { queryKeys } from "../shared/api/query-keys.ts";
import { whenIdle } from "../shared/idle.ts";
import { logError } from "../shared/log.ts";
import { useLocation } from "../shared/router.tsx";
import { ANSWERS_SENT_EVENT, PROFILE_SENT_EVENT, startQueue } from "../shared/session/queue.ts";
import { storedActiveModuleId } from "../shared/storage.ts";
import { useLanguage } from "../shared/use-language.ts";
import { useOnline } from "../shared/use-online.ts";

/**
 * The page's own requests and rendering go first: the warm-up parses and stores hundreds of kB (on a slow phone,
 * 0.8 s of main-thread work measured on /home, issue 16), so it waits for the page to settle and then for an idle
 * moment of the main thread.
 */
const WARM_DELAY_MS = 4_000;
const WARM_IDLE_TIMEOUT_MS = 3_000;

export function OfflineSync() {
  const language = useLanguage();
  const { tier } = usePlan();
  const { isPending } = useEntitlements();
  const level = useLevel();
  const online = useOnline();
  const { pathname } = useLocation();

  const queryClient = useQueryClient();
  useEffect(() => {
    startQueue();
    // A profile or active module changed offline reached the server: the server's answer replaces the device's.
    const reread = () => void queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
    // Answers kept on the device reached the server: /progress and the review's counts show them. A review session
    // on screen is not read again (it would deal new cards under the learner).
    const recount = () =>
      void queryClient.invalidateQueries({
        predicate: (q) =>
          (q.queryKey[0] === "review" && q.queryKey[1] !== "session") || q.queryKey[0] === queryKeys.wordsAll[0],
      });
    window.addEventListener(PROFILE_SENT_EVENT, reread);
    window.addEventListener(ANSWERS_SENT_EVENT, recount);
    return () => {
      window.removeEventListener(PROFILE_SENT_EVENT, reread);
      window.removeEventListener(ANSWERS_SENT_EVENT, recount);
    };
  }, [queryClient]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change may have changed the active module (read from storage).
  useEffect(() => {
    if (!online || isPending) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => {
        // Its own chunk: nothing of it is needed for the first page.
        import("../shared/offline/warm.ts")
          .then((m) => m.warmOffline({ language, tier, activeModuleId: storedActiveModuleId(), beginner: level === 1 }))
          .catch((e: unknown) => logError("offline warm-up", e));
      }, WARM_IDLE_TIMEOUT_MS);
    }, WARM_DELAY_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [online, isPending, language, tier, level, pathname]);

  return null;
}
