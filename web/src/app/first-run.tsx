// The pages that would show (and auto-pick) a module send a first visit to /welcome first (issue 11.1). A URL that
// names what the learner wants (a game with its module, a beginner game) is opened as it is.
import type { ReactNode } from "react";
import { Navigate } from "../shared/router.tsx";
import { needsFirstRun } from "../shared/storage.ts";

/** The paths' first segments whose routes are wrapped in FirstRun (app/router.tsx): a first visit lands on /welcome. */
export const BEHIND_FIRST_RUN: ReadonlySet<string> = new Set(["home", "games", "library", "words"]);

export function FirstRun({ page }: { page: ReactNode }) {
  if (needsFirstRun()) return <Navigate to="/welcome" replace />;
  return page;
}
