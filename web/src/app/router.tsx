// The SPEC's route table (section 2). Pages and games load lazily.
import { BEGINNER_GAMES, MODULE_GAMES } from "@ivrit/core/games";
import { lazy } from "react";
import { BrowserRouter, Navigate, Route, Routes, useParams } from "react-router";
import { FirstRun } from "./first-run.tsx";
import { Layout } from "./layout.tsx";

const ChooserPage = lazy(() => import("../features/games/chooser-page.tsx"));
const GamePage = lazy(() => import("../features/games/game-page.tsx"));
const LibraryPage = lazy(() => import("../features/library/library-page.tsx"));
const WordsPage = lazy(() => import("../features/words/words-page.tsx"));
const UpgradePage = lazy(() => import("../features/upgrade/upgrade-page.tsx"));
const AccountPage = lazy(() => import("../features/account/account-page.tsx"));
const PrivacyPage = lazy(() => import("../features/privacy/privacy-page.tsx"));
const BeginnerMenuPage = lazy(() => import("../features/beginner/beginner-menu-page.tsx"));
const BeginnerGamePage = lazy(() => import("../features/beginner/beginner-game-page.tsx"));
const GameOverPage = lazy(() => import("../features/game-over/game-over-page.tsx"));
const RegisterPage = lazy(() => import("../features/register/register-page.tsx"));
const NotFoundPage = lazy(() => import("../features/not-found/not-found-page.tsx"));
const ReviewPage = lazy(() => import("../features/review/review-page.tsx"));
const ProgressPage = lazy(() => import("../features/progress/progress-page.tsx"));
const WelcomePage = lazy(() => import("../features/welcome/welcome-page.tsx"));

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
