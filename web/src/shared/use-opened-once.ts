// A dialog loaded on its first opening (React.lazy) mounts then and stays mounted, so that it closes with its
// transition: the word card, the library's preview, a game's instructions.
import { useRef } from "react";

/** True from the first render where `open` is true on. */
export function useOpenedOnce(open: boolean): boolean {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current;
}
