// Long grids drawn a few cards at a time (issue 16, decision 0048: the words of a module or a tier's modules drawn
// at once blocked a slow phone's main thread for the long task that decision measured). The first cards fill the screen at once; the rest follow in small
// transitions, each yielding to the browser, and are added below the ones shown (nothing on screen moves).
import { startTransition, useEffect, useState } from "react";

/** Cards drawn with the first render: a phone's screen and more, a desktop's first rows. */
export const FIRST_CARDS = 6;
/** Cards added per step. */
const STEP = 6;

/** How many of `total` items to draw now; grows to `total` a step at a time after each paint. */
export function useRevealed(total: number): number {
  const [count, setCount] = useState(FIRST_CARDS);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + STEP)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
