// Multiple-choice questions (SPEC section 4 "Multiple-choice answers"): building the options and a small
// state machine for answering them that every quiz-like game shares.
import { normalizeAnswer } from "../hebrew.ts";
import { type Rng, shuffle } from "../rng.ts";
import { WRONG_OPTIONS } from "./constants.ts";

/** Two options are the same when they match trimmed, case-insensitive and without nikkud. */
export function optionKey(text: string): string {
  return normalizeAnswer(text);
}

/** Answers are compared trimmed and case-insensitive (and without nikkud, like the options' de-duplication). */
export function isCorrectAnswer(choice: string, answer: string): boolean {
  const key = optionKey(answer);
  return key !== "" && optionKey(choice) === key;
}

interface OptionsConfig {
  /** Take the wrong options in the given order (most similar first) instead of at random. */
  ranked?: boolean;
  /** How many wrong options; 3 unless said. */
  wrong?: number;
}

/**
 * The right answer plus up to 3 wrong ones from `candidates`, shuffled. Candidates that are empty, equal to
 * the answer or to one another are removed first, so the answer is there exactly once and every option differs.
 * Fewer candidates give fewer options; callers decide whether that is still a question.
 */
export function buildOptions(
  answer: string,
  candidates: readonly string[],
  rng: Rng,
  config: OptionsConfig = {},
): string[] {
  const wanted = config.wrong ?? WRONG_OPTIONS;
  const seen = new Set([optionKey(answer)]);
  const wrong: string[] = [];
  for (const candidate of config.ranked ? candidates : shuffle(candidates, rng)) {
    if (wrong.length >= wanted) break;
    const key = optionKey(candidate);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    wrong.push(candidate.trim());
  }
  return shuffle([answer.trim(), ...wrong], rng);
}

export interface Question {
  answer: string;
  options: readonly string[];
}

/** How a question ended: right at the first pick, right after a wrong pick (or wrong in one-shot games), or skipped. */
type QuestionOutcome = "correct" | "wrong" | "skipped";

export interface QuizState<Q extends Question> {
  readonly questions: readonly Q[];
  /** The current question; questions.length once finished. */
  readonly index: number;
  /** The latest pick on the current question and whether it was right; null while the learner chooses. */
  readonly picked: { readonly option: string; readonly correct: boolean } | null;
  /** Wrong options already tried on the current question: the screen keeps them marked and disabled. */
  readonly wrongPicks: readonly string[];
  /** One per question passed so far, in order. */
  readonly outcomes: readonly QuestionOutcome[];
  /** Retry games let a wrong pick be cleared and another tried; otherwise any pick ends the question. */
  readonly retry: boolean;
}

/** What the screen shows now. "wrong": a wrong pick, cleared by clearWrongPick (retry) or ended by next. */
export type QuizPhase = "choosing" | "wrong" | "answered" | "finished";

/** A question needs at least two options to be a choice; with fewer it is skipped. */
function isAskable(question: Question): boolean {
  return question.options.length >= 2;
}

function skipUnaskable<Q extends Question>(state: QuizState<Q>): QuizState<Q> {
  let { index } = state;
  const outcomes = [...state.outcomes];
  while (index < state.questions.length && !isAskable(state.questions[index] as Q)) {
    outcomes.push("skipped");
    index++;
  }
  return { ...state, index, outcomes, picked: null, wrongPicks: [] };
}

export function startQuiz<Q extends Question>(questions: readonly Q[], config: { retry: boolean }): QuizState<Q> {
  return skipUnaskable({ questions, index: 0, picked: null, wrongPicks: [], outcomes: [], retry: config.retry });
}

export function currentQuestion<Q extends Question>(state: QuizState<Q>): Q | null {
  return state.questions[state.index] ?? null;
}

export function quizPhase(state: QuizState<Question>): QuizPhase {
  if (state.index >= state.questions.length) return "finished";
  if (state.picked === null) return "choosing";
  if (state.picked.correct || !state.retry) return "answered";
  return "wrong";
}

/** Marks an option. Ignored (same state returned) when the question is settled, or the option is unknown or already tried. */
export function pick<Q extends Question>(state: QuizState<Q>, option: string): QuizState<Q> {
  const question = currentQuestion(state);
  if (question === null || quizPhase(state) !== "choosing") return state;
  if (!question.options.includes(option) || state.wrongPicks.includes(option)) return state;
  const correct = isCorrectAnswer(option, question.answer);
  return {
    ...state,
    picked: { option, correct },
    wrongPicks: correct ? state.wrongPicks : [...state.wrongPicks, option],
  };
}

/** After the wrong-answer delay: the pick is cleared so another option can be tried (retry games only). */
export function clearWrongPick<Q extends Question>(state: QuizState<Q>): QuizState<Q> {
  return quizPhase(state) === "wrong" ? { ...state, picked: null } : state;
}

/** After the right answer (or any answer in one-shot games): records the outcome and moves to the next question. */
export function next<Q extends Question>(state: QuizState<Q>): QuizState<Q> {
  if (quizPhase(state) !== "answered") return state;
  const outcome: QuestionOutcome = state.picked?.correct && state.wrongPicks.length === 0 ? "correct" : "wrong";
  return skipUnaskable({ ...state, index: state.index + 1, outcomes: [...state.outcomes, outcome] });
}

/** The questions passed so far that were asked (not skipped), each with how it ended. */
export function askedQuestions<Q extends Question>(
  state: QuizState<Q>,
): { question: Q; outcome: "correct" | "wrong" }[] {
  return state.questions.flatMap((question, i) => {
    const outcome = state.outcomes[i];
    return outcome === "correct" || outcome === "wrong" ? [{ question, outcome }] : [];
  });
}

interface QuizScore {
  /** Questions answered right at the first pick. */
  correct: number;
  /** Questions asked (skipped ones are not counted). */
  total: number;
  /** Whether the last question was skipped. */
  skippedLast: boolean;
}

export function quizScore(state: QuizState<Question>): QuizScore {
  return {
    correct: state.outcomes.filter((o) => o === "correct").length,
    total: state.outcomes.filter((o) => o !== "skipped").length,
    skippedLast: state.outcomes.at(-1) === "skipped",
  };
}
