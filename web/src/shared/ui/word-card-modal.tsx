// The word card (SPEC section 2). Its dialog (Mantine's Modal, Overlay and their styles: 20 kB gzip in 5 files)
// loads the first time a card opens, not with the words page, the games and the game-over page (issue 16, LCP),
// as the games' instructions dialog does.
import { lazy, Suspense } from "react";
import type { CardWord } from "../card-word.ts";
import { useOpenedOnce } from "../use-opened-once.ts";

const WordCardDialog = lazy(() => import("./word-card-dialog.tsx"));

export function WordCardModal({ word, onClose }: { word: CardWord | null; onClose: () => void }) {
  if (!useOpenedOnce(word !== null)) return null;
  return (
    <Suspense fallback={null}>
      <WordCardDialog word={word} onClose={onClose} />
    </Suspense>
  );
}
