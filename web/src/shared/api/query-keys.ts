// Every TanStack Query key of the app, in one place: a key is written once here and both the query and the
// invalidations that must reach it use the same function, so a renamed key cannot leave a stale cache behind.
// Keys are nested: invalidating a prefix (queryKeys.me.all) reaches every key below it.
import type { Language } from "@ivrit/core/languages";

export const queryKeys = {
  me: {
    all: ["me"] as const,
    profile: () => ["me", "profile"] as const,
    entitlements: () => ["me", "entitlements"] as const,
    modulesAll: ["me", "modules"] as const,
    modules: (language: Language, all: boolean) => ["me", "modules", language, all] as const,
    activeModuleAll: ["me", "active-module"] as const,
    activeModule: (language: Language) => ["me", "active-module", language] as const,
    account: () => ["me", "account"] as const,
    devices: () => ["me", "devices"] as const,
  },
  reminders: ["reminders"] as const,
  wordsAll: ["words"] as const,
  words: (params: object) => ["words", params] as const,
  beginnerAll: ["beginner"] as const,
  beginner: (language: Language) => ["beginner", language] as const,
  reviewAll: ["review"] as const,
  review: {
    queue: () => ["review", "queue"] as const,
    progress: (language: Language) => ["review", "progress", language] as const,
    settings: () => ["review", "settings"] as const,
    words: (moduleId: number | null | undefined) => ["review", "words", moduleId] as const,
    session: (language: Language, words: string, run: number) => ["review", "session", language, words, run] as const,
  },
  gameSession: (key: string) => ["game-session", key] as const,
  gameSessionRun: (key: string, nonce: number) => ["game-session", key, nonce] as const,
};
