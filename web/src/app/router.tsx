// The SPEC's route table (section 2). Pages and games load lazily.
import { BEGINNER_GAMES, MODULE_GAMES } from "@ivrit/core/games";
import { BEGINNER_MODULE_ID } from "@ivrit/core/plans";
import { lazy } from "react";
import { beginnerExplorer } from "../features/words/explorer.ts";
import { i18n } from "../shared/i18n.ts";
import { lazyPage } from "../shared/lazy-page.ts";
import { BrowserRouter, Navigate, Route, Routes, useParams } from "../shared/router.tsx";
import { needsFirstRun, storedActiveModuleId } from "../shared/storage.ts";
import { BEHIND_FIRST_RUN, FirstRun } from "./first-run.tsx";
import { Layout } from "./layout.tsx";

const chooser = lazyPage(() => import("../features/games/chooser-page.tsx"));
const game = lazyPage(() => import("../features/games/game-page.tsx"));
const library = lazyPage(() => import("../features/library/library-page.tsx"));
const words = lazyPage(() => import("../features/words/words-page.tsx"));
const ChooserPage = chooser.Page;
const GamePage = game.Page;
const LibraryPage = library.Page;
const WordsPage = words.Page;
const UpgradePage = lazy(() => import("../features/upgrade/upgrade-page.tsx"));
const account = lazyPage(() => import("../features/account/account-page.tsx"));
const AccountPage = account.Page;
const PrivacyPage = lazy(() => import("../features/privacy/privacy-page.tsx"));
const BeginnerMenuPage = lazy(() => import("../features/beginner/beginner-menu-page.tsx"));
const BeginnerGamePage = lazy(() => import("../features/beginner/beginner-game-page.tsx"));
const GameOverPage = lazy(() => import("../features/game-over/game-over-page.tsx"));
const RegisterPage = lazy(() => import("../features/register/register-page.tsx"));
const NotFoundPage = lazy(() => import("../features/not-found/not-found-page.tsx"));
const review = lazyPage(() => import("../features/review/review-page.tsx"));
const progress = lazyPage(() => import("../features/progress/progress-page.tsx"));
const welcome = lazyPage(() => import("../features/welcome/welcome-page.tsx"));
const ReviewPage = review.Page;
const ProgressPage = progress.Page;
const WelcomePage = welcome.Page;

/** /words shows the beginner explorer for ?view=beginner, or (likely) when the module stored as active is the beginner one. */
function showsExplorer(): boolean {
  return (
    new URLSearchParams(window.location.search).get("view") === "beginner" ||
    storedActiveModuleId() === BEGINNER_MODULE_ID
  );
}

/** The first page's code and the texts it shows, by its path's first segment. */
const FIRST_PAGES: Record<string, { load: () => Promise<unknown>; ns: string[] }> = {
  home: { load: chooser.preload, ns: ["games", "review"] },
  games: { load: chooser.preload, ns: ["games", "review"] },
  library: { load: library.preload, ns: ["library", "review"] },
  words: {
    load: () => Promise.all([words.preload(), showsExplorer() && beginnerExplorer.preload()]),
    ns: ["words", "review"],
  },
  game: { load: game.preload, ns: ["games", "play"] },
  // Issue 29: the pages the learning memory added, and the first visit's page, load as the others do.
  review: { load: review.preload, ns: ["review", "verbs", "sync"] },
  progress: { load: progress.preload, ns: ["review", "reminders"] },
  account: { load: account.preload, ns: ["account", "upgrade", "register", "purchases", "sync", "reminders"] },
  welcome: { load: welcome.preload, ns: ["welcome", "sync"] },
};
/**
 * Started with the app (main.tsx): the page's chunk and namespaces load while the common texts do, instead of
 * after the first render asked for them (three waits in a row on a slow network, issue 16). Resolves when both
 * are there (or failed: the page's own Suspense and error boundary then handle it as before).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const segment = pathname.split("/")[1] ?? "";
  const first = FIRST_PAGES[BEHIND_FIRST_RUN.has(segment) && needsFirstRun() ? "welcome" : segment];
  if (!first) return Promise.resolve();
  return Promise.all([first.load(), i18n.loadNamespaces(first.ns)]).then(
    () => {},
    () => {},
  );
}

/** /game/{moduleId} alone goes to translation match; an invalid id is a 404. */
function GameModuleRedirect() {
  const { moduleId } = useParams();
  const id = Number(moduleId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  return <Navigate to={`/game/${id}/translation-match`} replace />;
}

function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to="/home" replace />} />
        <Route path="play" element={<Navigate to="/home" replace />} />
        <Route path="home" element={<FirstRun page={<ChooserPage />} />} />
        <Route path="games" element={<FirstRun page={<ChooserPage />} />} />
        <Route path="library" element={<FirstRun page={<LibraryPage />} />} />
        <Route path="words" element={<FirstRun page={<WordsPage />} />} />
        <Route path="welcome" element={<WelcomePage />} />
        <Route path="upgrade" element={<UpgradePage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="game-over" element={<GameOverPage />} />
        <Route path="review" element={<ReviewPage />} />
        <Route path="progress" element={<ProgressPage />} />
        <Route path="beginner" element={<BeginnerMenuPage />} />
        {BEGINNER_GAMES.map((g) => (
          <Route key={g} path={`beginner/${g}`} element={<BeginnerGamePage game={g} />} />
        ))}
        {MODULE_GAMES.map((g) => (
          <Route key={g} path={`game/${g}`} element={<GamePage game={g} />} />
        ))}
        <Route path="game/:moduleId" element={<GameModuleRedirect />} />
        <Route path="game/:moduleId/root-tree" element={<Navigate to="/game/root-tree" replace />} />
        {MODULE_GAMES.filter((g) => g !== "root-tree").map((g) => (
          <Route key={`m-${g}`} path={`game/:moduleId/${g}`} element={<GamePage game={g} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
