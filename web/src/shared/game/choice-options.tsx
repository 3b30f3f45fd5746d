// The options of a multiple-choice question: buttons the learner clicks or reaches with Tab and presses.
// A wrong pick stays marked (and disabled) until the engine clears it; a settled question disables all.
import type { QuizPhase } from "@ivrit/core/games/choice";
import { Button } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import classes from "./play.module.css";

interface ChoiceOptionsProps {
  options: readonly string[];
  phase: QuizPhase;
  picked: { option: string; correct: boolean } | null;
  wrongPicks: readonly string[];
  /** Shown marked once a one-shot question is answered wrong. */
  answer?: string;
  revealAnswer?: boolean;
  render?: (option: string) => ReactNode;
  label: string;
  onChoose: (option: string) => void;
}

export function ChoiceOptions({
  options,
  phase,
  picked,
  wrongPicks,
  answer,
  revealAnswer,
  render,
  label,
  onChoose,
}: ChoiceOptionsProps) {
  const settled = phase !== "choosing";
  const group = useRef<HTMLFieldSetElement>(null);
  const first = useRef(true);
  const optionsKey = options.join("\u0000");
  // A new question replaces the buttons: a keyboard user whose focused option vanished lands on the first
  // new option instead of the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the options change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active === null || active === document.body) group.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [optionsKey]);
  return (
    <fieldset ref={group} className={classes.options} aria-label={label} data-testid="options">
      {options.map((option) => {
        let state: "correct" | "wrong" | "answer" | undefined;
        if (picked?.option === option) state = picked.correct ? "correct" : "wrong";
        else if (wrongPicks.includes(option)) state = "wrong";
        else if (revealAnswer && settled && option === answer) state = "answer";
        const disabled = settled || wrongPicks.includes(option);
        return (
          <Button
            key={option}
            variant="default"
            className={classes.option}
            data-state={state}
            data-option={option}
            aria-disabled={disabled || undefined}
            onClick={() => {
              if (!disabled) onChoose(option);
            }}
            fullWidth
          >
            {render ? render(option) : <bdi>{option}</bdi>}
          </Button>
        );
      })}
    </fieldset>
  );
}
