import type { BeginnerGame } from "@ivrit/core/games";
import { IconAbc, IconLetterA, IconMessageCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { BeginnerData } from "../api/get-beginner-data.ts";

export function beginnerIcon(game: BeginnerGame): ReactNode {
  const p = { size: 30, stroke: 1.8, "aria-hidden": true } as const;
  switch (game) {
    case "letters":
      return <IconLetterA {...p} />;
    case "letter-vowel":
      return <IconAbc {...p} />;
    case "words":
      return <IconMessageCircle {...p} />;
  }
}

export function poolSize(game: BeginnerGame, data: BeginnerData | undefined): number {
  if (!data) return 0;
  switch (game) {
    case "letters":
      return data.letters.length;
    case "letter-vowel":
      return data.combos.length;
    case "words":
      return data.words.length;
  }
}

/** Sample Hebrew shown on each card. */
export const SAMPLE: Record<BeginnerGame, string> = {
  letters: "א ב ג",
  "letter-vowel": "בָּ בֵּ בִּ",
  words: "שָׁלוֹם",
};
