// GET /me/active-module (204: none), then the stored id checked against the server, then one auto-pick
// (SPEC section 4).
import type { Language } from "@ivrit/core/languages";
import { BEGINNER_MODULE_ID } from "@ivrit/core/plans";
import type { Module } from "@ivrit/core/schemas/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { logError } from "../log.ts";
import { markAutoPicked, needsFirstRun, storeActiveModuleId, storedActiveModuleId, wasAutoPicked } from "../storage.ts";
import { ApiError, apiRequest } from "./client.ts";
import { getModules } from "./get-modules.ts";
import { getWords } from "./get-words.ts";
import { postActiveModule } from "./post-active-module.ts";
import { queryKeys } from "./query-keys.ts";

function getActiveModule(language: Language, signal?: AbortSignal): Promise<Module | null> {
  return apiRequest<Module>("/me/active-module", { query: { language }, signal });
}

async function checkStoredModule(id: number, language: Language, signal?: AbortSignal): Promise<Module | null> {
  try {
    const res = await getWords({ language, moduleId: id, limit: "1", fields: "compact" }, signal);
    if (res.module) return res.module;
  } catch (error) {
    // A 4xx means the id is not valid; anything else: try the module list before giving up.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
  }
  try {
    const modules = await getModules(language, true, signal);
    return modules.find((m) => m.id === id && m.name !== "") ?? null;
  } catch {
    return null;
  }
}

/** One random tier-1 module that is not the beginner module. */
export function pickAutoModule(modules: readonly Module[], random: () => number = Math.random): Module | null {
  const candidates = modules.filter((m) => m.tier === 1 && !m.is_beginner && m.id !== BEGINNER_MODULE_ID);
  if (candidates.length === 0) return null;
  return candidates[Math.floor(random() * candidates.length)] ?? null;
}

export async function resolveActiveModule(language: Language, signal?: AbortSignal): Promise<Module | null> {
  const fromServer = await getActiveModule(language, signal);
  if (fromServer) {
    storeActiveModuleId(fromServer.id);
    return fromServer;
  }
  const stored = storedActiveModuleId();
  if (stored !== null) {
    const module = await checkStoredModule(stored, language, signal);
    if (module) {
      postActiveModule(module.id).catch((e) => logError("restore active module", e));
      return module;
    }
    storeActiveModuleId(null);
  }
  // Never silently before the first run has asked for the language and level (a device that skipped it gets the
  // SPEC's auto-pick).
  if (wasAutoPicked() || needsFirstRun()) return null;
  const pick = pickAutoModule(await getModules(language, true, signal));
  markAutoPicked();
  if (!pick) return null;
  storeActiveModuleId(pick.id);
  try {
    await postActiveModule(pick.id);
  } catch (e) {
    logError("auto-pick active module", e);
  }
  return pick;
}

export const activeModuleQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: queryKeys.me.activeModule(language),
    queryFn: ({ signal }) => resolveActiveModule(language, signal),
    staleTime: 60_000,
  });

/** enabled false where the URL already names the module (a game route): no read, so no auto-pick racing it. */
export function useActiveModule(language: Language, enabled = true) {
  return useQuery({ ...activeModuleQueryOptions(language), enabled });
}
