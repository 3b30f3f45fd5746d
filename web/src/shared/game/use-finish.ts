// The end of every game: send what is buffered and go to /game-over with the results state (the page reads
// location.state, or sessionStorage after a reload: see shared/game/results.ts).
import type { GameResults } from "@ivrit/core/games/results";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { queryKeys } from "../api/query-keys.ts";
import { useNavigate } from "../router.tsx";
import { flushRecords, reviewEvents } from "../session/records.ts";
import { saveResults } from "./results.ts";

export function useFinishGame(): (results: GameResults) => void {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(
    (results: GameResults) => {
      flushRecords();
      // The due counts, progress and known words change with this game's answers: refresh them once sent.
      void reviewEvents.flush().finally(() => void client.invalidateQueries({ queryKey: queryKeys.reviewAll }));
      // The words this game's learner missed, for "Practise these again" (only words of this game's list).
      const played = new Set(results.learnedWords.map((w) => w.id));
      const missedWordIds = reviewEvents.takeMissed().filter((id) => played.has(id));
      const state = { ...results, missedWordIds };
      saveResults(state);
      navigate("/game-over", { state });
    },
    [navigate, client],
  );
}
