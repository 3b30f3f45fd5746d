// Right/wrong feedback: visible, and announced by screen readers through a live region that is always in
// the page (a region added together with its text is often not read).
import { Text } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { ERROR_TEXT, SUCCESS_TEXT } from "../ui/colors.ts";

export type Tone = "correct" | "wrong" | "info";

export function Feedback({ tone, children }: { tone: Tone | null; children?: ReactNode }) {
  const color = tone === "correct" ? SUCCESS_TEXT : tone === "wrong" ? ERROR_TEXT : "var(--mantine-color-text)";
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      data-testid="feedback"
      data-tone={tone ?? ""}
      style={{ minHeight: "2.2rem" }}
    >
      {tone && children ? (
        <Text fw={600} c={color} size="lg" style={{ display: "flex", gap: "0.4rem", alignItems: "center" }}>
          {tone === "correct" && <IconCircleCheck aria-hidden="true" size={24} />}
          {tone === "wrong" && <IconCircleX aria-hidden="true" size={24} />}
          <span>{children}</span>
        </Text>
      ) : null}
    </div>
  );
}
