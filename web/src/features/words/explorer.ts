// The beginner explorer (/words?view=beginner, or the beginner module active) in a chunk of its own: a module's
// words page does not load its search field and letter data (issue 16, LCP: 3 requests fewer on /words). When it is
// what /words shows first, it loads with the page (app/router.tsx) and renders without suspending.
import { lazyPage } from "../../shared/lazy-page.ts";

export const beginnerExplorer = lazyPage<object>(() =>
  import("./beginner-explorer.tsx").then((m) => ({ default: m.BeginnerExplorer })),
);
