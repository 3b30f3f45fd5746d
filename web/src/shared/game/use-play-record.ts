// One play record per game once its data is ready, after a 200 ms debounce (SPEC section 4 "Play record").
import type { BeginnerGame, ModuleGame } from "@ivrit/core/games";
import { DELAYS_MS } from "@ivrit/core/games/constants";
import type { Language } from "@ivrit/core/languages";
import { useEffect } from "react";
import { useLevel } from "../api/get-me.ts";
import { recordPlay } from "../session/records.ts";
import { storeLastGame } from "../storage.ts";

export function usePlayRecord(
  input: { game: ModuleGame | BeginnerGame; language: Language; moduleId: number | null; sessionId: string } | null,
): void {
  const level = useLevel();
  const game = input?.game;
  const language = input?.language;
  const moduleId = input?.moduleId ?? null;
  const sessionId = input?.sessionId;
  useEffect(() => {
    if (game === undefined || language === undefined || sessionId === undefined) return;
    storeLastGame(game);
    const timer = setTimeout(
      () => recordPlay({ game, language, moduleId, levelId: level, sessionId }),
      DELAYS_MS.PLAY_RECORD_DEBOUNCE,
    );
    return () => clearTimeout(timer);
  }, [game, language, moduleId, sessionId, level]);
}
