// The FSRS optimizer (issue 28.4, decision 0109): @open-spaced-repetition/binding, fsrs-rs (the optimizer Anki
// runs) as a native module, fits a learner's weights to their reviews before the hold-out and measures the default
// and the fitted weights on the held-out ones. Its fit runs on the module's own threads (computeParameters is
// asynchronous): the event loop goes on serving requests meanwhile.

import { adoptFitted, type FitItem, holdOutRecent, type Measured, type RatedReview } from "@ivrit/core/fsrs-fit";
import { DEFAULT_WEIGHTS } from "@ivrit/core/srs";
import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from "@open-spaced-repetition/binding";

/** What a fit found. */
export interface FitResult {
  /** The fitted weights (21 numbers, FSRS-6). */
  weights: number[];
  defaults: Measured;
  fitted: Measured;
  /** Whether the fitted weights predicted the held-out reviews better (adoptFitted). */
  adopted: boolean;
  /** Reviews the fit learned from, reviews held out, and held-out reviews measured (a day or more after the last). */
  trainReviews: number;
  heldOutReviews: number;
  measured: number;
}

const toBinding = (items: readonly FitItem[]) =>
  items.map((i) => new FSRSBindingItem(i.reviews.map((r) => new FSRSBindingReview(r.rating, r.deltaT))));

/** Log loss and RMSE (bins) of `weights` on `items`. */
export function measure(weights: readonly number[], items: readonly FitItem[]): Measured {
  const { logLoss, rmseBins } = new FSRSBinding([...weights]).evaluate(toBinding(items));
  return { logLoss, rmseBins };
}

/** Fits weights to the items (FSRS-6 with its short-term memory parameters; the optimizer's own defaults). */
export async function fitWeights(items: readonly FitItem[]): Promise<number[]> {
  return computeParameters(toBinding(items), { enableShortTerm: true });
}

/**
 * Fits a learner's weights to their reviews but the most recent 10%, and measures the default and the fitted
 * weights on those. Throws when there is nothing to fit or to measure.
 */
export async function fitLearner(histories: readonly RatedReview[][], timeZone: string): Promise<FitResult> {
  const split = holdOutRecent(histories, timeZone);
  if (split.train.length === 0 || split.test.length === 0)
    throw new Error(`fsrs fit: ${split.train.length} items to fit and ${split.test.length} to measure`);
  const weights = await fitWeights(split.train);
  const defaults = measure(DEFAULT_WEIGHTS, split.test);
  const fitted = measure(weights, split.test);
  return {
    weights,
    defaults,
    fitted,
    adopted: adoptFitted(defaults, fitted),
    trainReviews: split.trainReviews,
    heldOutReviews: split.heldOutReviews,
    measured: split.test.length,
  };
}
