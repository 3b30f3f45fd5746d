// Today on home (issue 30.1): what home's one button starts. Pure; kept apart from the reminder rules so that the
// first load of /home carries only these few lines.

export type TodayNumbers = {
  due: number;
  sessionSize: number;
  today: { reviews: number; goal: number };
};

/** Home's one button: the review when cards are due or the goal is not met (and a session has cards), else a game. */
export function todayAction(q: TodayNumbers): "review" | "game" {
  if (q.sessionSize <= 0) return "game";
  return q.due > 0 || q.today.reviews < q.today.goal ? "review" : "game";
}

/** Answers still needed for today's goal (0 once met). */
export function goalLeft(q: TodayNumbers): number {
  return Math.max(0, q.today.goal - q.today.reviews);
}

/** The game after the last one played, in the chooser's order (the first when none was, or it is not listed). */
export function nextGame<G extends string>(order: readonly G[], last: string | null): G {
  const i = last === null ? -1 : order.indexOf(last as G);
  return order[(i + 1) % order.length] as G;
}
