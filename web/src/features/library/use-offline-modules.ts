// While the device is offline: the modules whose words are kept on it (the ones that work), else null (online,
// everything works). The library marks each module with it (issue 15).
import { useEffect, useState } from "react";
import { logError } from "../../shared/log.ts";
import { offlineStore } from "../../shared/offline/store.ts";
import { useOnline } from "../../shared/use-online.ts";

export function useOfflineModules(): ReadonlySet<number> | null {
  const online = useOnline();
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    if (online) return;
    let live = true;
    offlineStore.usage().then(
      (u) => live && setKept(new Set(u.modules)),
      (e: unknown) => logError("offline modules", e),
    );
    return () => {
      live = false;
    };
  }, [online]);
  return online ? null : kept;
}
