// A beginner game route: the game itself lives in games/beginner-play.tsx.
import type { BeginnerGame } from "@ivrit/core/games";
import { BeginnerPlay } from "./games/beginner-play.tsx";

export default function BeginnerGamePage({ game }: { game: BeginnerGame }) {
  return <BeginnerPlay game={game} />;
}
