// /review (issue 10): a session of up to 20 cards, each one exercise chosen by the server from how well the card
// is known (core/srs.ts): meaning choice, reverse choice, listening, typing, and (issue 28) the word in its
// sentence (cloze, chosen or typed), a verb's other forms (chosen or typed) and its picture. Every answer is a
// review event. The whole session works with the keyboard alone (1-4 choose, Enter continues) and is announced
// through one live region.
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Progress.css";
import { praiseOf } from "@ivrit/core/games/results";
import { hebrewLetters } from "@ivrit/core/hebrew";
import { checkTyped, type Exercise, isTypedExercise, judgeTyped, type TypedVerdict } from "@ivrit/core/review";
import type { ReviewCard } from "@ivrit/core/schemas/review";
import { Badge, Button, Card, Group, Progress, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { memo, type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../shared/api/client.ts";
import { reviewQueueQueryOptions } from "../../shared/api/get-review-queue.ts";
import { useReviewSession } from "../../shared/api/get-review-session.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { canSpeakHebrew } from "../../shared/audio.ts";
import { TeachCard } from "../../shared/game/teach-card.tsx";
import { TodayGoal } from "../../shared/game/today-goal.tsx";
import { logError } from "../../shared/log.ts";
import { Link, useSearchParams } from "../../shared/router.tsx";
import { reviewEvents } from "../../shared/session/records.ts";
import { AudioButton } from "../../shared/ui/audio-button.tsx";
import { Hebrew, Translation } from "../../shared/ui/hebrew.tsx";
import { ErrorText, LoadingText } from "../../shared/ui/status.tsx";
import { WordPicture } from "../../shared/ui/word-picture.tsx";
import { useLanguage } from "../../shared/use-language.ts";
import { useTranslation } from "../../shared/use-translation.ts";
import { HebrewKeyboard } from "./hebrew-keyboard.tsx";
import { RecoveryOffer } from "./recovery-offer.tsx";
import classes from "./review.module.css";

/** "1,2,3" from ?words= (Practise these again), at most 20 whole ids; null when absent or unusable. */
export function parseWords(value: string | null): number[] | null {
  if (!value) return null;
  const ids = [...new Set(value.split(",").map((s) => Number(s.trim())))].filter(
    (n) => Number.isInteger(n) && n > 0 && n < 1e9,
  );
  return ids.length > 0 ? ids.slice(0, 20) : null;
}

type Answer = { correct: boolean; picked: string | null; typed: string | null; verdict: TypedVerdict | null };

/** One answer to choose: its key, whether it is the right one, and what the button shows. */
type Choice = { key: string; right: boolean; label: ReactNode };

/** What a typed answer is compared with: the word, the form in the sentence's gap, or the verb's asked form. */
function typedTarget(item: ReviewCard): { he: string; nikkud: string; lookalikes?: ReviewCard["lookalikes"] } {
  if (item.exercise === "cloze_typing" && item.cloze)
    return { he: item.cloze.plain.gap, nikkud: item.cloze.pointed.gap };
  if (item.exercise === "form_typing" && item.form) return { he: item.form.he, nikkud: item.form.nikkud };
  return item;
}

/** The example sentence with its gap: blank until answered, then the form, marked. */
function ClozeSentence({ item, hidden, filled }: { item: ReviewCard; hidden: boolean; filled: boolean }) {
  const { t } = useTranslation("review");
  const cloze = item.cloze;
  if (!cloze) return null;
  const parts = hidden ? cloze.plain : cloze.pointed;
  return (
    <Stack gap={4} align="center">
      <Text className={classes.sentence} lang="he" dir="rtl" data-testid="cloze-sentence">
        {parts.before}
        {filled ? (
          <mark className={classes.gapFilled}>{cloze.pointed.gap}</mark>
        ) : (
          <span className={classes.gap} role="img" aria-label={t("gap")} />
        )}
        {parts.after}
      </Text>
      <Text c="dimmed" data-testid="cloze-translation">
        <Translation>{cloze.translation}</Translation>
      </Text>
    </Stack>
  );
}

/** The verb's asked form: its meaning, tense and whom it names ("to write · Future · they (m.)"). */
function FormPrompt({ form }: { form: NonNullable<ReviewCard["form"]> }) {
  const { t } = useTranslation(["review", "verbs"]);
  return (
    <Stack gap={6} align="center">
      <Text size="xl" fw={700} data-testid="form-meaning">
        <Translation>{form.meaning}</Translation>
      </Text>
      <Group gap="xs" justify="center">
        <Badge size="lg" color="teal.9" data-testid="form-tense">
          {t(`verbs:tense.${form.tense}`)}
        </Badge>
        {form.person && (
          <Badge size="lg" color="indigo.9" tt="none" data-testid="form-person">
            {t(`verbs:${form.person.key}.${form.person.value}`)}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** Hebrew with nikkud, or (on well-known cards, until tapped) without it. */
function HebrewForm({
  he,
  nikkud,
  hidden,
  onReveal,
  size,
}: {
  he: string;
  nikkud: string;
  hidden: boolean;
  onReveal?: () => void;
  size?: "md" | "lg" | "xl" | "xxl";
}) {
  const { t } = useTranslation("review");
  if (hidden && onReveal)
    return (
      <button
        type="button"
        className={classes.reveal}
        onClick={onReveal}
        aria-label={t("showVowelsOf", { word: he })}
        data-testid="reveal-nikkud"
      >
        <Hebrew size={size}>{he}</Hebrew>
      </button>
    );
  return <Hebrew size={size}>{hidden ? he : nikkud || he}</Hebrew>;
}

const Prompt = memo(function Prompt({
  item,
  revealed,
  onReveal,
  answered,
}: {
  item: ReviewCard;
  revealed: boolean;
  onReveal: () => void;
  answered: boolean;
}) {
  const { t } = useTranslation("review");
  const hidden = item.nikkudHidden && !revealed;
  switch (item.exercise) {
    case "cloze":
    case "cloze_typing":
      return (
        <Stack gap={4} align="center" className={classes.prompt}>
          <Text>{t(`exercise.${item.exercise}`)}</Text>
          <ClozeSentence item={item} hidden={hidden && !answered} filled={answered} />
        </Stack>
      );
    case "form":
    case "form_typing":
      return (
        <Stack gap={4} align="center" className={classes.prompt}>
          <Text>{t(`exercise.${item.exercise}`)}</Text>
          {item.form && <FormPrompt form={item.form} />}
        </Stack>
      );
    case "picture":
    case "meaning":
      return (
        <Stack gap={4} align="center" className={classes.prompt}>
          <Text>{t(`exercise.${item.exercise}`)}</Text>
          <Group gap="sm" justify="center" className={classes.promptHebrew}>
            <HebrewForm he={item.he} nikkud={item.nikkud} hidden={hidden} onReveal={onReveal} size="xxl" />
            <AudioButton path={item.audioPath} text={item.nikkud || item.he} />
          </Group>
        </Stack>
      );
    case "reverse":
    case "typing":
      return (
        <Stack gap={4} align="center" className={classes.prompt}>
          <Text>{t(`exercise.${item.exercise}`)}</Text>
          <Text size="xl" fw={700} data-testid="prompt-translation">
            <Translation>{item.translation}</Translation>
          </Text>
        </Stack>
      );
    case "listening":
      return (
        <Stack gap={4} align="center" className={classes.prompt}>
          <Text>{t("exercise.listening")}</Text>
          {/* Plays on arrival (the tap that started the session lets the browser play); else, the button. */}
          <AudioButton key={item.wordId} path={item.audioPath} text={item.nikkud || item.he} size="lg" autoPlay />
          {/* Without a recording or a Hebrew voice nothing can be heard: the transliteration stands in. */}
          {!item.audioPath && !canSpeakHebrew() && (
            <Stack gap={2} align="center">
              <Text size="sm" c="dimmed">
                {t("listeningFallback")}
              </Text>
              <Text size="xl" fw={700} dir="ltr" data-testid="listening-translit">
                {item.translit}
              </Text>
            </Stack>
          )}
        </Stack>
      );
  }
});

/** The answers of a choice exercise: words by meaning, Hebrew forms, or pictures. */
function choicesOf(item: ReviewCard, hidden: boolean): Choice[] {
  if (item.exercise === "form" && item.form) {
    const asked = item.form.nikkud;
    return item.form.options.map((o) => ({
      key: o.nikkud,
      right: o.nikkud === asked,
      label: <HebrewForm he={o.he} nikkud={o.nikkud} hidden={hidden} size="lg" />,
    }));
  }
  return item.options.map((o) => ({
    key: String(o.wordId),
    right: o.wordId === item.wordId,
    label:
      item.exercise === "picture" && o.picture ? (
        <WordPicture file={o.picture} size={72} label={o.translation} />
      ) : item.exercise === "meaning" ? (
        <Translation>{o.translation}</Translation>
      ) : (
        <HebrewForm he={o.he} nikkud={o.nikkud} hidden={hidden} size="lg" />
      ),
  }));
}

function ChoiceExercise({
  item,
  answer,
  revealed,
  onReveal,
  onPick,
}: {
  item: ReviewCard;
  answer: Answer | null;
  revealed: boolean;
  onReveal: () => void;
  onPick: (choice: Choice) => void;
}) {
  const { t } = useTranslation("review");
  const group = useRef<HTMLFieldSetElement>(null);
  const hebrewOptions = item.exercise !== "meaning" && item.exercise !== "picture";
  const hidden = item.nikkudHidden && !revealed && answer === null;
  const choices = useMemo(() => choicesOf(item, hidden), [item, hidden]);
  // Keys 1-4 choose; a new card puts the focus on its first option (listening: on the play button).
  useEffect(() => {
    const root = group.current;
    if (!root) return;
    const target =
      item.exercise === "listening"
        ? (root.parentElement?.querySelector<HTMLButtonElement>("[data-testid='prompt'] button") ?? null)
        : root.querySelector<HTMLButtonElement>("button");
    (target ?? root.querySelector<HTMLButtonElement>("button"))?.focus();
  }, [item.exercise]);
  useEffect(() => {
    if (answer) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const n = Number(e.key);
      const choice = Number.isInteger(n) && n >= 1 ? choices[n - 1] : undefined;
      if (choice) {
        e.preventDefault();
        onPick(choice);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [answer, choices, onPick]);
  return (
    <fieldset
      ref={group}
      className={item.exercise === "picture" ? `${classes.options} ${classes.pictures}` : classes.options}
      aria-label={t("options")}
      data-testid="options"
    >
      {choices.map((c, i) => {
        let state: "correct" | "wrong" | "answer" | undefined;
        if (answer) {
          if (answer.picked === c.key) state = answer.correct ? "correct" : "wrong";
          else if (c.right) state = "answer";
        }
        return (
          <Button
            key={c.key}
            variant="default"
            className={classes.option}
            data-state={state}
            data-option={c.key}
            aria-disabled={answer !== null || undefined}
            onClick={() => {
              if (!answer) onPick(c);
            }}
            fullWidth
            leftSection={
              <span className={classes.keyNumber} aria-hidden="true">
                {i + 1}
              </span>
            }
          >
            {c.label}
          </Button>
        );
      })}
      {hebrewOptions && item.nikkudHidden && !revealed && answer === null && (
        <Button variant="subtle" onClick={onReveal} data-testid="reveal-nikkud">
          {t("showVowels")}
        </Button>
      )}
    </fieldset>
  );
}

function TypingExercise({ answer, onSubmit }: { answer: Answer | null; onSubmit: (typed: string) => void }) {
  const { t } = useTranslation("review");
  const [value, setValue] = useState("");
  // While the on-screen Hebrew keyboard is shown the field does not open the device's own over it (inputMode
  // none; a hardware keyboard still types); the learner can switch to the device's keyboard instead.
  const [screenKeyboard, setScreenKeyboard] = useState(true);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Mantine keeps a dir prop for its wrapper: the Hebrew field itself must be right to left.
    input.current?.setAttribute("dir", "rtl");
    input.current?.focus();
  }, []);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!answer && value.trim()) onSubmit(value);
      }}
    >
      <Stack gap="sm">
        <TextInput
          ref={input}
          label={t("typing.label")}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          readOnly={answer !== null}
          lang="he"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          inputMode={screenKeyboard ? "none" : "text"}
          classNames={{ input: classes.input }}
          data-testid="typing-input"
          data-verdict={answer?.verdict ?? undefined}
        />
        {screenKeyboard && (
          <HebrewKeyboard
            disabled={answer !== null}
            onKey={(k) => {
              setValue((v) => v + k);
              // Back to the field (its keyboard stays closed): Enter checks, as after typing.
              input.current?.focus();
            }}
            onBackspace={() => {
              setValue((v) => [...v].slice(0, -1).join(""));
              input.current?.focus();
            }}
          />
        )}
        {!answer && (
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ alignSelf: "center" }}
            data-testid="keyboard-toggle"
            aria-pressed={!screenKeyboard}
            onClick={() => {
              setScreenKeyboard((on) => !on);
              input.current?.focus();
            }}
          >
            {screenKeyboard ? t("typing.useDeviceKeyboard") : t("typing.useScreenKeyboard")}
          </Button>
        )}
        {!answer && (
          <Button type="submit" disabled={!value.trim()} style={{ alignSelf: "center" }}>
            {t("typing.check")}
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** A translated sentence with Hebrew in it: each {{name}} in `hebrew` is rendered through <Hebrew>. */
function WithHebrew({ text, hebrew }: { text: (marks: Record<string, string>) => string; hebrew: string[] }) {
  const marks = Object.fromEntries(hebrew.map((_, i) => [`h${i}`, `\u0000${i}\u0000`]));
  return text(marks)
    .split("\u0000")
    .map((part, i) =>
      i % 2 === 1 ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, fixed in number
        <Hebrew key={i}>{hebrew[Number(part)]}</Hebrew>
      ) : (
        part
      ),
    );
}

/** What a typed answer was besides right or wrong: another word we teach, a final letter written medial. */
function TypedNote({ item, typed }: { item: ReviewCard; typed: string }) {
  const { t } = useTranslation("review");
  const judged = judgeTyped(typed, typedTarget(item));
  const other = judged.other[0];
  if (other)
    return (
      <Text data-testid="typed-other" ta="center">
        <WithHebrew
          hebrew={[other.he]}
          text={(m) =>
            t("feedback.otherWord", { word: m.h0, meaning: judged.other.map((o) => o.translation).join(", ") })
          }
        />
      </Text>
    );
  const final = judged.finalLetter;
  if (final)
    return (
      <Text data-testid="typed-final" ta="center">
        <WithHebrew
          hebrew={[final.final, final.medial]}
          text={(m) => t("feedback.finalLetter", { final: m.h0, medial: m.h1 })}
        />
      </Text>
    );
  return null;
}

/** The right answer, shown after every answer: the word (or the asked form) pointed, and its meaning. */
function RightAnswer({ item }: { item: ReviewCard }) {
  if (item.form && (item.exercise === "form" || item.exercise === "form_typing"))
    return (
      <Group gap="xs" justify="center">
        <Hebrew size="xl">{item.form.nikkud}</Hebrew>
        <Text span dir="ltr" c="dimmed">
          {item.form.translit}
        </Text>
        <Text span>
          — <Translation>{item.form.meaning}</Translation>
        </Text>
      </Group>
    );
  return (
    <Group gap="xs" justify="center">
      <Hebrew size="xl">{item.nikkud || item.he}</Hebrew>
      <Text span>
        — <Translation>{item.translation}</Translation>
      </Text>
      {item.exercise === "picture" && <WordPicture file={item.picture} size={40} />}
    </Group>
  );
}

const Outcome = memo(function Outcome({ item, answer }: { item: ReviewCard; answer: Answer | null }) {
  const { t } = useTranslation("review");
  let text: ReactNode = null;
  if (answer) {
    // "Here is the usual spelling" when the letters differ, not for a final letter written medial (its note says it).
    const otherSpelling =
      answer.verdict === "tolerated" &&
      answer.typed !== null &&
      hebrewLetters(answer.typed) !== hebrewLetters(typedTarget(item).he);
    const head = answer.correct ? (otherSpelling ? t("feedback.tolerated") : t("feedback.right")) : t("feedback.wrong");
    text = (
      <Stack gap={2} align="center" className={classes.answerShown}>
        <Text fw={700} c={answer.correct ? "#1b5e20" : "red.9"} size="lg" data-testid="verdict">
          {head}
        </Text>
        <RightAnswer item={item} />
        {answer.typed !== null && <TypedNote item={item} typed={answer.typed} />}
      </Stack>
    );
  }
  return (
    <div aria-live="polite" aria-atomic="true" data-testid="feedback" data-tone={answer ? String(answer.correct) : ""}>
      {text}
    </div>
  );
});

function Finished({ right, total, missed }: { right: number; total: number; missed: number[] }) {
  const { t } = useTranslation("review");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const praise = praiseOf(right, total);
  return (
    <Card withBorder padding="lg" className={classes.card} data-testid="review-done">
      <Stack gap="sm" align="flex-start">
        <Title order={2} ref={heading} tabIndex={-1}>
          {t("done.title")}
        </Title>
        <Text size="lg">{t("done.score", { right, total })}</Text>
        <Text data-testid="review-praise" data-praise={praise}>
          {t(`done.praise.${praise}`)}
        </Text>
        <TodayGoal atLeast={total} />
        <RecoveryOffer />
        <Group gap="sm">
          {missed.length > 0 && (
            <Button component={Link} to={`/review?words=${missed.join(",")}`} reloadDocument={false}>
              {t("done.again")}
            </Button>
          )}
          <Button component={Link} to="/progress" variant="light">
            {t("done.progress")}
          </Button>
          <Button component={Link} to="/home" variant="subtle">
            {t("done.games")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ReviewRun({ items }: { items: ReviewCard[] }) {
  const { t } = useTranslation("review");
  const client = useQueryClient();
  const [index, setIndex] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [results, setResults] = useState<{ wordId: number; correct: boolean }[]>([]);
  // New words are presented before their first question (issue 24.2): the index of the last card taught.
  const [taught, setTaught] = useState(-1);
  const shownAt = useRef(Date.now());
  const next = useRef<HTMLButtonElement>(null);
  const item = items[index];

  // The tap's own mark (the chosen option's colour) paints with the tap; the verdict, the right answer, the pointed
  // prompt and the Next button follow in a deferred render, which yields to that paint (issue 29.3: an answer's
  // feedback within 100 ms on a slow phone). Null at once when the card moves on: never an answer under the next card.
  const deferred = useDeferredValue(answer);
  const settled = answer === null ? null : deferred;
  const reveal = useCallback(() => setRevealed(true), []);
  const teaching = item?.state === "new" && taught < index;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts the answer clock when the question shows
  useEffect(() => {
    shownAt.current = Date.now();
  }, [index, teaching]);
  useEffect(() => {
    if (settled) next.current?.focus();
  }, [settled]);

  const done = index >= items.length;
  useEffect(() => {
    if (!done) return;
    void reviewEvents
      .flush()
      .catch((e: unknown) => logError("review events", e))
      .finally(() => {
        // The session's own query is not refetched (it would start a new session under the results); the
        // queue is, so that the goal and the streak shown with the results count this session's answers.
        void client.invalidateQueries({ queryKey: queryKeys.reviewAll, refetchType: "none" });
        void client.refetchQueries({ queryKey: reviewQueueQueryOptions().queryKey });
      });
  }, [done, client]);

  if (done || !item) {
    const right = results.filter((r) => r.correct).length;
    return (
      <Finished right={right} total={results.length} missed={results.filter((r) => !r.correct).map((r) => r.wordId)} />
    );
  }

  const settle = (correct: boolean, extra: Omit<Answer, "correct">) => {
    const kind = isTypedExercise(item.exercise) ? "produce" : "recognise";
    reviewEvents.answer(
      item.wordId,
      "review",
      {
        correct,
        mistakes: 0,
        elapsedMs: Date.now() - shownAt.current,
        kind,
      },
      item.exercise,
    );
    setAnswer({ correct, ...extra });
    setResults((r) => [...r, { wordId: item.wordId, correct }]);
  };
  const advance = () => {
    setAnswer(null);
    setRevealed(false);
    setIndex((i) => i + 1);
  };
  const exercise: Exercise = item.exercise;
  if (teaching)
    return <TeachCard key={item.wordId} word={{ ...item, example: item.example }} onDone={() => setTaught(index)} />;

  return (
    <Card
      withBorder
      padding="lg"
      className={classes.card}
      data-testid="review-card"
      data-exercise={exercise}
      data-word={item.wordId}
      data-nikkud-hidden={item.nikkudHidden || undefined}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="review-step" data-index={index}>
              {t("counter", { n: index + 1, total: items.length })}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`exerciseName.${exercise}`)}
            </Text>
          </Group>
          <Progress value={(index / items.length) * 100} size="sm" aria-hidden="true" />
        </Stack>
        <div data-testid="prompt">
          <Prompt item={item} revealed={revealed} onReveal={reveal} answered={settled !== null} />
        </div>
        {isTypedExercise(exercise) ? (
          <TypingExercise
            key={item.wordId}
            answer={answer}
            onSubmit={(typed) => {
              const verdict = checkTyped(typed, typedTarget(item));
              settle(verdict !== "wrong", { picked: null, typed, verdict });
            }}
          />
        ) : (
          <ChoiceExercise
            key={item.wordId}
            item={item}
            answer={answer}
            revealed={revealed}
            onReveal={reveal}
            onPick={(c) => settle(c.right, { picked: c.key, typed: null, verdict: null })}
          />
        )}
        <Outcome item={item} answer={settled} />
        {settled && (
          <Button ref={next} onClick={advance} style={{ alignSelf: "center" }} data-testid="review-next">
            {index + 1 < items.length ? t("next") : t("finish")}
          </Button>
        )}
        <Text size="xs" c="dimmed">
          {isTypedExercise(exercise) ? t("keysHintTyping") : t("keysHint")}
        </Text>
      </Stack>
    </Card>
  );
}

export default function ReviewPage() {
  // The verb forms' names load with the page: a form card mid-session does not wait for them.
  const { t } = useTranslation(["review", "common", "verbs"]);
  const language = useLanguage();
  const [params] = useSearchParams();
  const wordsParam = params.get("words");
  const words = useMemo(() => parseWords(wordsParam), [wordsParam]);
  const session = useReviewSession(language, words, 0);

  return (
    <Stack gap="md">
      <Title order={1}>{t(words ? "titleAgain" : "title")}</Title>
      {session.isPending && <LoadingText />}
      {session.isError && <ErrorText message={errorMessage(session.error)} />}
      {session.data && session.data.items.length === 0 && (
        <Card withBorder padding="lg" className={classes.card} data-testid="review-empty">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h3">
              {t("empty.title")}
            </Title>
            <Text>{t("empty.text")}</Text>
            <Group gap="sm">
              <Button component={Link} to="/home">
                {t("empty.play")}
              </Button>
              <Button component={Link} to="/progress" variant="light">
                {t("empty.progress")}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {session.data && session.data.items.length > 0 && (
        <ReviewRun key={`${language}|${wordsParam ?? ""}|${session.dataUpdatedAt}`} items={session.data.items} />
      )}
    </Stack>
  );
}
