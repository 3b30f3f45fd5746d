// The learner's own memory model in the database (issue 28.4, decisions 0108-0109). After a fold, a learner whose
// review events reached a multiple of 1,000 not fitted yet gets a fit, in the background of whichever instance
// claims it first (a row of learner_models, claimed under a per-learner advisory lock); the fit reads their events,
// fits and measures (fsrs-fit.ts), and stores the result; fitted weights that predicted the held-out reviews better
// are adopted from a time after every event already folded, under the learner's fold lock, so that each event folds
// with the weights in force at its own time (the fold and every replay alike).
import { FIT_EVERY, fitMilestone, ratedHistories } from "@ivrit/core/fsrs-fit";
import { answerModeOf, type Outcome } from "@ivrit/core/review";
import type { ModelPeriod } from "@ivrit/core/srs";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "./db/client.ts";
import { fitLearner } from "./fsrs-fit.ts";

/** The advisory-lock space of folds (two-key locks), apart from the learner's write lock (one key). */
export const FOLD_LOCKS = 66;
/** The advisory-lock space of fit claims. */
const FIT_LOCKS = 67;
/** A claim whose fit has not ended after this long (its instance stopped) may be taken again. */
const STALE_CLAIM = "15 minutes";

/** A learner's adopted models, oldest first, as JSON rows (the fold reads them in its own statement). */
export type ModelJson = { from: string; w: number[] };
export const modelsFromJson = (rows: readonly ModelJson[] | null): ModelPeriod[] =>
  (rows ?? []).map((m) => ({ from: new Date(m.from), weights: m.w }));
/** The SQL expression of a learner's adopted models as a JSON array of ModelJson (oldest first). */
export const modelsJsonSql = (userId: string) => sql`
  (select coalesce(json_agg(json_build_object('from', m.in_force_from, 'w', m.weights) order by m.in_force_from),
                   '[]'::json)
   from learner_models m where m.user_id = ${userId}::uuid and m.adopted)`;

export async function adoptedModels(db: Db, userId: string): Promise<ModelPeriod[]> {
  const [row] = rowsOf<{ models: ModelJson[] }>(await db.execute(sql`select ${modelsJsonSql(userId)} as models`));
  return modelsFromJson(row?.models ?? null);
}

/**
 * Claims the fit due for the learner, if any: the milestone of their event count when no fit at it or after it
 * was made or is under way (a stale claim at it is taken again). Answers the milestone claimed, or null.
 */
export async function claimFit(db: Db, userId: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}), ${FIT_LOCKS})`);
    const [c] = rowsOf<{ n: number; top: number | null }>(
      await tx.execute(sql`
        select (select count(*)::int from review_history where user_id = ${userId}::uuid) as n,
               (select max(milestone) from learner_models where user_id = ${userId}::uuid) as top`),
    );
    const milestone = fitMilestone(c?.n ?? 0);
    if (milestone < FIT_EVERY || (c?.top ?? 0) > milestone) return null;
    const [row] = rowsOf<{ milestone: number }>(
      await tx.execute(sql`
        insert into learner_models (user_id, milestone) values (${userId}::uuid, ${milestone})
        on conflict (user_id, milestone) do update set claimed_at = now()
          where learner_models.fitted_at is null and learner_models.claimed_at < now() - ${STALE_CLAIM}::interval
        returning milestone`),
    );
    return row?.milestone ?? null;
  });
}

/** Fits the learner's model for a claimed milestone and stores it (adopted or not); a failure is stored too. */
export async function runFit(db: Db, userId: string, milestone: number): Promise<void> {
  type E = { id: string; w: number; at: string; o: Outcome; g: string; x: string | null };
  const [row] = rowsOf<{ events: E[]; tz: string; models: ModelJson[] }>(
    await db.execute(sql`
      select (select coalesce(json_agg(json_build_object('id', e.client_event_id, 'w', e.word_id, 'at', e.at,
                                                         'o', e.outcome, 'g', e.game, 'x', e.exercise)), '[]'::json)
              from review_history e where e.user_id = ${userId}::uuid) as events,
             coalesce((select time_zone from user_settings where user_id = ${userId}::uuid), 'UTC') as tz,
             ${modelsJsonSql(userId)} as models`),
  );
  const tz = row?.tz ?? "UTC";
  try {
    const events = (row?.events ?? []).map((e) => ({
      id: e.id,
      wordId: e.w,
      at: new Date(e.at),
      outcome: e.o,
      mode: answerModeOf(e.g, e.x),
    }));
    const r = await fitLearner(ratedHistories(events, tz, modelsFromJson(row?.models ?? null)), tz);
    await db.transaction(async (tx) => {
      // Under the fold lock: no fold runs meanwhile, and the weights take effect after every event already folded
      // (and not before the database's clock), so that no folded card would replay otherwise.
      if (r.adopted) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}), ${FOLD_LOCKS})`);
      await tx.execute(sql`
        update learner_models set
          fitted_at = now(), weights = ${JSON.stringify(r.weights)}::jsonb,
          train_reviews = ${r.trainReviews}, held_out_reviews = ${r.heldOutReviews}, measured = ${r.measured},
          default_log_loss = ${r.defaults.logLoss}, default_rmse = ${r.defaults.rmseBins},
          fitted_log_loss = ${r.fitted.logLoss}, fitted_rmse = ${r.fitted.rmseBins}, adopted = ${r.adopted},
          in_force_from = case when ${r.adopted} then greatest(
            date_trunc('milliseconds', clock_timestamp()) + interval '1 millisecond',
            (select max(e.at) + interval '1 millisecond' from review_history e
             where e.user_id = ${userId}::uuid
               and e.id <= coalesce((select folded_id from review_folds where user_id = ${userId}::uuid), 0)))
          end
        where user_id = ${userId}::uuid and milestone = ${milestone}`);
    });
  } catch (e) {
    await db.execute(sql`
      update learner_models set fitted_at = now(), error = ${String(e instanceof Error ? e.message : e)}
      where user_id = ${userId}::uuid and milestone = ${milestone}`);
    throw e;
  }
}

/** The model /review/progress reports. */
export interface ModelReport {
  inUse: "default" | "fitted";
  answers: number;
  nextFitAt: number;
  fitting: boolean;
  fit: {
    at: string;
    adopted: boolean;
    trainReviews: number;
    measured: number;
    defaultLogLoss: number;
    defaultRmse: number;
    fittedLogLoss: number;
    fittedRmse: number;
  } | null;
}

/**
 * The model in use and what was measured of it: the adopted fit when there is one (in force now), else the latest
 * fit that was not adopted (what the default weights and the rejected fit scored), else none.
 */
export async function modelReport(db: Db, userId: string, now: Date): Promise<ModelReport> {
  type R = {
    milestone: number;
    fitted_at: string | null;
    adopted: boolean;
    in_force_from: string | null;
    error: string | null;
    train_reviews: number | null;
    measured: number | null;
    default_log_loss: number | null;
    default_rmse: number | null;
    fitted_log_loss: number | null;
    fitted_rmse: number | null;
  };
  const [row] = rowsOf<{ n: number; fits: R[] }>(
    await db.execute(sql`
      select (select count(*)::int from review_history where user_id = ${userId}::uuid) as n,
             (select coalesce(json_agg(m order by m.milestone desc), '[]'::json) from learner_models m
              where m.user_id = ${userId}::uuid) as fits`),
  );
  const answers = row?.n ?? 0;
  const fits = row?.fits ?? [];
  const top = fits[0]?.milestone ?? 0;
  const fitting = fits.some((f) => f.fitted_at === null);
  const inForce = fits.find((f) => f.adopted && f.in_force_from && Date.parse(f.in_force_from) <= now.getTime());
  const shown = inForce ?? fits.find((f) => f.fitted_at !== null && f.error === null && !f.adopted) ?? null;
  return {
    inUse: inForce ? "fitted" : "default",
    answers,
    nextFitAt: Math.max(FIT_EVERY, top + FIT_EVERY),
    fitting,
    fit: shown
      ? {
          at: new Date(shown.fitted_at as string).toISOString(),
          adopted: shown.adopted,
          trainReviews: shown.train_reviews ?? 0,
          measured: shown.measured ?? 0,
          defaultLogLoss: shown.default_log_loss ?? 0,
          defaultRmse: shown.default_rmse ?? 0,
          fittedLogLoss: shown.fitted_log_loss ?? 0,
          fittedRmse: shown.fitted_rmse ?? 0,
        }
      : null,
  };
}

/**
 * Fits in the background of this instance: `check` after a fold claims the learner's due fit, if any, and runs it
 * (one run per learner at a time here; the claim holds it across instances). Never awaited by a request.
 */
export function createFitter(db: Db, onError: (userId: string, e: unknown) => void) {
  const running = new Map<string, Promise<void>>();
  return {
    check(userId: string) {
      if (running.has(userId)) return;
      const run = (async () => {
        const milestone = await claimFit(db, userId);
        if (milestone !== null) await runFit(db, userId, milestone);
      })()
        .catch((e: unknown) => onError(userId, e))
        .finally(() => running.delete(userId));
      running.set(userId, run);
    },
    /** Waits for the fits under way (a stop). */
    idle: async () => {
      await Promise.allSettled(running.values());
    },
  };
}
