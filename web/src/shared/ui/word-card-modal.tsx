// The word card (SPEC section 2). Its dialog (Mantine's Modal, Overlay and their styles: 20 kB gzip in 5 files)
// loads the first time a card opens, not with the words page, the games and the game-over page (issue 16, LCP),
// as the games' instructions dialog does.
import { lazy, Suspense, useRef } from "react";
import type { CardWord } from "../card-word.ts";

const WordCardDialog = lazy(() => import("./word-card-dialog.tsx"));

export function WordCardModal({ word, onClose }: { word: CardWord | null; onClose: () => void }) {
  // Once opened it stays mounted, so that it closes with its transition.
  const opened = useRef(false);
  if (word !== null) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <WordCardDialog word={word} onClose={onClose} />
    </Suspense>
  );
}
