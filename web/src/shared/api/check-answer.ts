// Development and test builds check every API answer against the zod schema the server answers with (core's
// contract), so a drift between server and client fails loudly where it is made instead of as a blank screen.
// Loaded only when import.meta.env.DEV or VITE_CHECK_API=1 (the Playwright build): production bundles never
// include it, nor zod.
import {
  activeModuleResponse,
  beginnerLettersResponse,
  beginnerWordsResponse,
  entitlementsResponse,
  leanWordsResponse,
  letterVowelResponse,
  meResponse,
  moduleSchema,
  modulesResponse,
  okBody,
  wordsResponse,
} from "@ivrit/core/schemas/api";
import {
  accountResponse,
  devicesResponse,
  eraseResponse,
  linkCodeResponse,
  linkResponse,
  recoverResponse,
  recoveryCodeResponse,
} from "@ivrit/core/schemas/learners";
import { remindersResponse, subscriptionsResponse } from "@ivrit/core/schemas/reminders";
import {
  reviewEventsResponse,
  reviewProgressResponse,
  reviewQueueResponse,
  reviewSessionResponse,
  reviewSettings,
  reviewWordsResponse,
} from "@ivrit/core/schemas/review";
import { z } from "zod";

/** "METHOD /path" (no query) -> the schema of its 200 answer. */
const ANSWERS: Record<string, z.ZodType> = {
  "GET /me": meResponse,
  "PATCH /me": meResponse,
  "GET /me/entitlements": entitlementsResponse,
  "GET /me/modules": modulesResponse,
  "GET /me/active-module": moduleSchema,
  "POST /me/active-module": activeModuleResponse,
  // Lean answers (fields=lean) or the SPEC's words.
  "GET /words": z.union([leanWordsResponse, wordsResponse]),
  "GET /beginner/letters": beginnerLettersResponse,
  "GET /beginner/letter-vowel": letterVowelResponse,
  "GET /beginner/words": beginnerWordsResponse,
  "POST /progress/word": okBody,
  "POST /progress/words": okBody,
  "POST /progress/module": okBody,
  "POST /review/events": reviewEventsResponse,
  "GET /review/queue": reviewQueueResponse,
  "GET /review/session": reviewSessionResponse,
  "GET /review/progress": reviewProgressResponse,
  "GET /review/words": reviewWordsResponse,
  "GET /review/settings": reviewSettings,
  "PATCH /review/settings": reviewSettings,
  "GET /reminders": remindersResponse,
  "PATCH /reminders": remindersResponse,
  "POST /reminders/subscriptions": subscriptionsResponse,
  "POST /reminders/unsubscribe": subscriptionsResponse,
  "GET /me/account": accountResponse,
  "POST /me/link-codes": linkCodeResponse,
  "POST /me/link": linkResponse,
  "POST /me/recovery-code": recoveryCodeResponse,
  "POST /me/recover": recoverResponse,
  "GET /me/devices": devicesResponse,
  "DELETE /me/data": eraseResponse,
};

export class AnswerShapeError extends Error {
  override name = "AnswerShapeError";
}

/** Throws AnswerShapeError when a known call's answer does not match its schema; unknown calls pass. */
export function checkAnswer(method: string, path: string, data: unknown): void {
  const schema = ANSWERS[`${method} ${path}`];
  if (!schema) return;
  const result = schema.safeParse(data);
  if (result.success) return;
  const first = result.error.issues[0];
  throw new AnswerShapeError(
    `${method} ${path}: the answer does not match core's schema at ${first?.path.join(".") || "(root)"}: ${first?.message}`,
  );
}
