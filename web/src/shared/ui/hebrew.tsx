// Hebrew is always dir="rtl" lang="he", isolated from the surrounding text (CONTENT.md, Display).
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "../use-translation.ts";
import classes from "./hebrew.module.css";

interface HebrewProps {
  children: string | null | undefined;
  size?: "sm" | "md" | "lg" | "xl" | "xxl";
  style?: CSSProperties;
  className?: string;
  /** Render as a block (paragraph) instead of an inline isolate. */
  block?: boolean;
}

export function Hebrew({ children, size = "md", style, className, block }: HebrewProps): ReactNode {
  const { t } = useTranslation("common");
  const text = children?.trim();
  const cls = [classes.he, classes[size], className].filter(Boolean).join(" ");
  if (!text) {
    return <span className={classes.missing}>{t("missing.hebrew")}</span>;
  }
  if (block) {
    return (
      <p dir="rtl" lang="he" className={cls} style={style}>
        {text}
      </p>
    );
  }
  return (
    <bdi dir="rtl" lang="he" className={cls} style={style}>
      {text}
    </bdi>
  );
}

/** Interface-language text that may be empty in the data. */
export function Translation({ children }: { children: string | null | undefined }): ReactNode {
  const { t } = useTranslation("common");
  const text = children?.trim();
  if (!text) return <span className={classes.missing}>{t("missing.translation")}</span>;
  return <bdi>{text}</bdi>;
}
