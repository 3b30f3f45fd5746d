// One review card's question (issues 10 and 28): the exercise its card calls for (core's exerciseFor, given what the
// word offers: a sentence with a gap, a verb table, a picture) and what that exercise needs: four options, the
// sentence cut around its gap, a form of the verb's table, four pictures.
import { clozeOf } from "@ivrit/core/cloze";
import type { Language } from "@ivrit/core/languages";
import { isLocked } from "@ivrit/core/plans";
import { type Rng, sampleDistinct, shuffle } from "@ivrit/core/rng";
import type { ReviewCard, ReviewOption } from "@ivrit/core/schemas/review";
import { type CardState, exerciseFor, nikkudHidden, type WordFacets, wordState } from "@ivrit/core/srs";
import { formPrompt, formQuestion } from "@ivrit/core/verb-forms";
import type { CachedWord, ContentSnapshot } from "../content/cache.ts";
import { lookalikesFor } from "../content/lookalikes.ts";

/** Each verb's infinitive entry, by its `verb` key, per content snapshot: the meaning a form question names. */
const infinitives = new WeakMap<ContentSnapshot, Map<string, CachedWord>>();
function infinitiveOf(snap: ContentSnapshot, word: CachedWord): CachedWord | undefined {
  let byVerb = infinitives.get(snap);
  if (!byVerb) {
    byVerb = new Map(snap.words.filter((w) => w.verb && w.tense === "infinitive").map((w) => [w.verb as string, w]));
    infinitives.set(snap, byVerb);
  }
  return word.verb ? byVerb.get(word.verb) : undefined;
}

/** The sentence's parts around its gap (plain and pointed), or null when the sentence has none. */
function clozeParts(word: CachedWord) {
  const s = word.sentence;
  return s?.gap ? clozeOf(s, s.gap) : null;
}

/**
 * Three other words to choose among: from the word's module (else any unlocked word), distinct in Hebrew and in
 * meaning, and passing `fits` (same part of speech, has a picture…) when enough do.
 */
function othersFor(
  snap: ContentSnapshot,
  word: CachedWord,
  o: { language: Language; tier: number; rng: Rng; fits?: (w: CachedWord) => boolean; key?: (w: CachedWord) => string },
): CachedWord[] {
  const distinct = (w: CachedWord) =>
    w.id !== word.id && w.he !== word.he && w.tr[o.language] !== word.tr[o.language] && (o.fits?.(w) ?? true);
  const pool = (snap.wordsByModule.get(word.moduleId) ?? []).filter(distinct);
  const wider = pool.length >= 3 ? pool : snap.words.filter((w) => distinct(w) && !isLocked(w.tier, o.tier));
  return sampleDistinct(wider, 3, o.rng, o.key ?? ((w) => `${w.he}|${w.tr[o.language]}`));
}

/** A review card's question for `word`, whose card is `card` (null: new). */
export function reviewItem(
  snap: ContentSnapshot,
  word: CachedWord,
  card: CardState | null,
  o: { language: Language; tier: number; rng: Rng; due: Date | null },
): ReviewCard {
  const { language, tier, rng } = o;
  const option = (w: CachedWord): ReviewOption => ({
    wordId: w.id,
    he: w.he,
    nikkud: w.nikkud,
    translation: w.tr[language],
  });
  const cloze = clozeParts(word);
  const form = word.forms ? formQuestion(word.forms, { tier: word.tier, tense: word.tense, rng }) : null;
  const pictured = word.picture
    ? othersFor(snap, word, {
        language,
        tier,
        rng,
        fits: (w) => !!w.picture && w.picture !== word.picture,
        key: (w) => w.picture ?? "",
      })
    : [];
  const facets: WordFacets = { cloze: cloze !== null, form: form !== null, picture: pictured.length === 3 };
  const exercise = exerciseFor(card, facets);

  let options: ReviewOption[];
  if (exercise === "picture") {
    options = [word, ...pictured].map((w) => ({ ...option(w), picture: w.picture }));
  } else if (exercise === "cloze" && cloze) {
    // The forms as they stand in sentences: the other words' own gaps (a plural beside plurals), the same part of
    // speech first; a word without a gap stands in by its entry form.
    const same = (w: CachedWord) => w.partOfSpeech === word.partOfSpeech;
    const others = othersFor(snap, word, { language, tier, rng, fits: same });
    const rest = others.length === 3 ? others : othersFor(snap, word, { language, tier, rng });
    options = [
      { ...option(word), he: cloze.plain.gap, nikkud: cloze.pointed.gap },
      ...rest.map((w) => {
        const gap = clozeParts(w);
        return gap ? { ...option(w), he: gap.plain.gap, nikkud: gap.pointed.gap } : option(w);
      }),
    ];
  } else {
    options = [word, ...othersFor(snap, word, { language, tier, rng })].map(option);
  }
  const verb = form && (exercise === "form" || exercise === "form_typing") ? form : null;
  const prompt = verb ? formPrompt(verb.cell) : null;
  return {
    wordId: word.id,
    moduleId: word.moduleId,
    he: word.he,
    nikkud: word.nikkud,
    translit: word.translit,
    translation: word.tr[language],
    audioPath: word.audioPath,
    state: wordState(card),
    exercise,
    nikkudHidden: nikkudHidden(card),
    lookalikes: exercise === "typing" ? lookalikesFor(snap, word, language) : [],
    due: o.due ? o.due.toISOString() : null,
    options: verb ? [] : shuffle(options, rng),
    example:
      card || !word.sentence
        ? null
        : { he: word.sentence.he, nikkud: word.sentence.nikkud, translation: word.sentence.tr[language] },
    picture: word.picture,
    cloze:
      cloze && word.sentence && (exercise === "cloze" || exercise === "cloze_typing")
        ? { ...cloze, translation: word.sentence.tr[language] }
        : null,
    form:
      verb && prompt
        ? {
            cell: verb.cell,
            tense: prompt.tense,
            person: prompt.person,
            meaning: (infinitiveOf(snap, word) ?? word).tr[language],
            he: verb.he,
            nikkud: verb.nikkud,
            translit: verb.translit,
            options: exercise === "form" ? verb.options : [],
          }
        : null,
  };
}
