// The game screens of the module games: loads the session, shows its loading, error and empty states, and
// hands the pool to the game's own component, which drives core's engine.
import type { ModuleGame } from "@ivrit/core/games";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { Suspense, useEffect, useRef } from "react";
import { TierLockedError, useSelectModule } from "../../../shared/api/post-active-module.ts";
import { GameFrame } from "../../../shared/game/game-frame.tsx";
import { whenIdle } from "../../../shared/idle.ts";
import { logError } from "../../../shared/log.ts";
import { Link } from "../../../shared/router.tsx";
import { ERROR_TEXT } from "../../../shared/ui/colors.ts";
import { LoadingText, LockedBanner, PickModulePrompt } from "../../../shared/ui/status.tsx";
import { useTranslation } from "../../../shared/use-translation.ts";
import { useWordSession } from "../session/use-word-session.ts";
import { FlashcardsNoModule } from "./flashcards/no-module.tsx";
import { GAME_SCREENS } from "./screens.ts";

/** The longest the active module's POST waits for an idle moment once the words have answered. */
const SET_ACTIVE_IDLE_TIMEOUT_MS = 1000;

/**
 * Translation match sets the active module when it is opened (SPEC section 4), as selecting it does: once its words
 * have answered and the first question is drawn (issue 16: not one more request before the page's largest paint).
 */
function useSetActiveModuleOnOpen(game: ModuleGame, moduleId: number | null, loading: boolean) {
  const { mutate } = useSelectModule();
  // Once per game and module: a Play again loads new words but opens nothing.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const opened = `${game}|${moduleId}`;
    if (game !== "translation-match" || moduleId === null || loading || sent.current === opened) return;
    return whenIdle(() => {
      sent.current = opened;
      mutate(moduleId, {
        // A locked module stays unselected (the game shows the locked notice); anything else is only logged.
        onError: (e) => e instanceof TierLockedError || logError("set active module", e),
      });
    }, SET_ACTIVE_IDLE_TIMEOUT_MS);
  }, [game, moduleId, loading, mutate]);
}

export function GamePlay({ game, moduleId }: { game: ModuleGame; moduleId: number | null }) {
  const { t } = useTranslation(["play", "common"]);
  const { state, restart } = useWordSession(game, moduleId);
  useSetActiveModuleOnOpen(game, moduleId, state.status === "loading");

  if (state.status === "noModule") {
    return <GameFrame game={game}>{game === "flashcards" ? <FlashcardsNoModule /> : <PickModulePrompt />}</GameFrame>;
  }
  if (state.status === "loading") {
    return (
      <GameFrame game={game}>
        <LoadingText>{t("loadingWords")}</LoadingText>
      </GameFrame>
    );
  }
  if (state.status === "error") {
    return (
      <GameFrame game={game}>
        <Stack gap="sm" align="flex-start" py="md">
          <Text role="alert" c={ERROR_TEXT} data-testid="load-error">
            {state.message ?? t("loadFailed")}
          </Text>
          <Group>
            {/* restart, not refetch: the verb and tense games wait out the 5 s after a load error */}
            <Button onClick={restart}>{t("tryAgain")}</Button>
            <Button component={Link} to="/home" variant="default">
              {t("common:backToGames")}
            </Button>
          </Group>
        </Stack>
      </GameFrame>
    );
  }
  const { session } = state;
  // A module above the learner's plan is previewable, not playable (SPEC section 6): the notice, no game.
  if (session.locked) {
    return (
      <GameFrame game={game}>
        <div data-testid="game-locked">
          <LockedBanner />
        </div>
      </GameFrame>
    );
  }
  const Screen = GAME_SCREENS[game].Page;
  return (
    <>
      {session.namedModule && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          mb="sm"
          py={6}
          styles={{ message: { fontSize: "var(--mantine-font-size-sm)" } }}
          data-testid="tier-game-notice"
        >
          {t(game === "verb-conjugation" ? "tierGame.verbs" : "tierGame.words", { name: session.namedModule.name })}
        </Alert>
      )}
      <Suspense
        fallback={
          <GameFrame game={game}>
            <LoadingText>{t("loadingWords")}</LoadingText>
          </GameFrame>
        }
      >
        {/* Keyed by session: a restart mounts a fresh game. */}
        <Screen key={session.sessionId} session={session} onRestart={restart} />
      </Suspense>
    </>
  );
}
