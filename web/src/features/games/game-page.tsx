// A game route: checks the module id and root recall's profile, then the game itself (play/game-play.tsx).
import "@mantine/core/styles/List.css";
import type { ModuleGame } from "@ivrit/core/games";
import { Text } from "@mantine/core";
import { useProfileComplete } from "../../shared/api/get-me.ts";
import { Navigate, useParams } from "../../shared/router.tsx";
import { LoadingText } from "../../shared/ui/status.tsx";
import { useTranslation } from "../../shared/use-translation.ts";
import { GamePlay } from "./play/game-play.tsx";

export default function GamePage({ game }: { game: ModuleGame }) {
  const { t } = useTranslation(["games", "common"]);
  const { moduleId } = useParams();
  const profile = useProfileComplete();
  const id = moduleId === undefined ? null : Number(moduleId);
  if (id !== null && !(Number.isInteger(id) && id > 0)) {
    return <Text role="alert">{t("common:errors.invalidModuleId")}</Text>;
  }
  if (game === "root-recall") {
    if (!profile.ready) return <LoadingText />;
    if (!profile.complete) return <Navigate to="/register?from=root-recall" replace />;
  }
  return <GamePlay game={game} moduleId={id} />;
}
