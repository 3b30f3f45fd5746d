// Frequency coverage: which of the most frequent Hebrew lemmas the vocabulary teaches, per tier.
//
// The list (../shared/data/he-frequency/he_2018_top20k.txt, subtitles, CC BY-SA 4.0) holds inflected forms
// ("והבית 1234"). One `hspell -l` run over all 20,000 forms names each form's lemma candidates; a form goes
// wholly to one lemma, and lemmas are ranked by the summed counts of their forms. Ambiguity (שולחן: the noun
// "table" or a suffixed participle of שלח) is settled in two steps: readings with a pronoun suffix, a construct
// or an imperative are dropped when a plainer reading exists, and then the form goes to the candidate lemma
// with the most support over the whole list (each form shares its count among its candidates in a first pass).
//
// Taught lemmas come from the content: every single-word entry and every word of a multi-word entry, read by
// the same hspell run. A verb counts once however many forms it has (its forms are grouped by `verb`).
// Forms hspell does not know are left out (in this corpus they are nearly all foreign names, fragments of names
// split at a geresh, and interjections) unless content/frequency.json `keep`s them (a real word hspell lacks,
// with the lemma it belongs to and a reason). Names, slang and swearing that hspell knows are not targets either:
// frequency.json `exclude` lists them, each with a reason.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { type HspellResult, hebrewTokens, type Reading, runHspell } from "./hspell.ts";
import { CONTENT_DIR, type Content } from "./load.ts";
import { BEGINNER_MODULE_ID } from "./schema.ts";

/** The list's default place: the shared data next to the repository (the issue's ../shared/data). */
export const FREQUENCY_FILE =
  process.env.HE_FREQUENCY ?? join(CONTENT_DIR, "..", "..", "shared", "data", "he-frequency", "he_2018_top20k.txt");
export const LISTS_FILE = join(CONTENT_DIR, "frequency.json");

export type FormCount = { form: string; count: number };
export type Candidate = { lemma: string; pos: string };
export type Lemma = { lemma: string; pos: string; count: number; forms: FormCount[] };

const plainWord = z.string().regex(/^[\u05D0-\u05EA'"]+$/u, "one plain Hebrew word");
const reason = z.string().trim().min(3, "a reason");
export const listsFile = z.strictObject({
  /** Lemmas or forms that are not targets (names, slang, swearing), each with its reason. */
  exclude: z.record(plainWord, reason).default({}),
  /** Forms hspell does not know that are real words: the lemma they count for, and why. */
  keep: z.record(plainWord, z.strictObject({ lemma: plainWord, reason })).default({}),
});
export type FrequencyLists = z.output<typeof listsFile>;

/** `form count` lines, most frequent first; blank and malformed lines are skipped. */
export function parseFrequencyList(text: string): FormCount[] {
  const out: FormCount[] = [];
  for (const line of text.split("\n")) {
    const m = line.trim().match(/^(\S+)\s+(\d+)$/u);
    if (m?.[1] && /^[\u05D0-\u05EA'"\u05F3\u05F4]+$/u.test(m[1])) out.push({ form: m[1], count: Number(m[2]) });
  }
  return out;
}

export function readFrequencyList(file: string = FREQUENCY_FILE): FormCount[] | undefined {
  return existsSync(file) ? parseFrequencyList(readFileSync(file, "utf8")) : undefined;
}

export function readLists(file: string = LISTS_FILE): FrequencyLists {
  return listsFile.parse(existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {});
}

/** Attributes of a reading that is rarely what a frequent form is (a pronoun suffix, a construct). */
const MARKED = ["כינוי", "סמיכות"];

/**
 * How to choose among a token's readings: `form` for a word of the frequency list (any prefix), `entry` for a
 * taught entry (a lemma as written: בבקשה is not ב + בקשה), `all` for a sentence word (taught if any reading is).
 */
export type ReadingMode = "form" | "entry" | "all";

/**
 * The lemmas a token may belong to. hspell's "שונות" (particles, adverbs) carries no lemma: the word itself is
 * the lemma. Preference, first non-empty group wins:
 * 1. a particle reading (x) of the whole word: a form that can be a particle nearly always is one in running
 *    text (עד "until", not "witness"; איפה "where", not "I will beautify");
 * 2. for a list form: an infinitive after ל (לתת -> נתן, not ל + תת), then a particle after a prefix (הזה ->
 *    זה, not the verb הזה);
 * 3. plain whole-word readings, then plain readings after a prefix (ממש is not מ + מש); among several, the
 *    frequency ranking takes the best-supported lemma;
 * 4. readings with a pronoun suffix or a construct (שאני read as "carry me"), kept only when nothing else is.
 * An imperative counts as marked when a prefix split exists: הזמן is ה + זמן ("the time"), hardly "invite!".
 */
export function lemmaCandidates(
  token: string,
  readings: Reading[] | undefined,
  mode: ReadingMode = "form",
): Candidate[] {
  if (!readings?.length) return [];
  type C = Candidate & { whole: boolean; marked: boolean; infinitive: boolean };
  const all: C[] = [];
  const split = readings.some((r) => r.prefix !== "" && r.analyses.length > 0);
  for (const r of readings) {
    const rest = token.slice(r.prefix.length);
    if (!rest) continue;
    const whole = r.prefix === "";
    if (!r.analyses.length) all.push({ lemma: rest, pos: "x", whole, marked: false, infinitive: false });
    for (const a of r.analyses)
      all.push({
        lemma: a.lemma === "שונות" || a.lemma === "" ? rest : a.lemma,
        pos: a.pos,
        whole,
        marked:
          a.attrs.some((x) => MARKED.some((m) => x.startsWith(m))) || (split && whole && a.attrs.includes("ציווי")),
        infinitive: r.prefix.endsWith("ל") && a.pos === "פ" && a.attrs.includes("מקור"),
      });
  }
  const plain = all.filter((c) => !c.marked);
  const groups: C[][] =
    mode === "entry"
      ? [plain.filter((c) => c.pos === "x" && c.whole), plain.filter((c) => c.whole), plain, all]
      : [
          plain.filter((c) => c.pos === "x" && c.whole),
          plain.filter((c) => c.infinitive),
          plain.filter((c) => c.pos === "x"),
          plain.filter((c) => c.whole),
          plain,
          all,
        ];
  // `all`: every reading counts (a sentence word is taught if any reading is: אחי "my brother" -> אח).
  const chosen = mode === "all" ? all : (groups.find((g) => g.length) ?? []);
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const c of chosen) {
    const key = `${c.lemma}|${c.pos}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ lemma: c.lemma, pos: c.pos });
  }
  return out;
}

/**
 * Groups forms into lemmas and ranks them by summed counts. Forms hspell does not know count only when `keep`
 * names their lemma; excluded words (as a form or as a lemma) are left out.
 */
export function rankLemmas(forms: FormCount[], hs: HspellResult, lists: Partial<FrequencyLists> = {}): Lemma[] {
  const exclude = lists.exclude ?? {};
  const keep = lists.keep ?? {};
  const per = forms
    // Single letters are fragments (ג׳ of ג׳ק split off by the corpus' tokenizer, spelled-out letters).
    .filter((f) => !(f.form in exclude) && [...f.form].length > 1)
    .flatMap((f) => {
      const kept = keep[f.form];
      if (kept) return [{ ...f, cands: [{ lemma: kept.lemma, pos: "?" }] }];
      const cands = lemmaCandidates(f.form, hs.known.get(f.form));
      return cands.length ? [{ ...f, cands }] : [];
    });
  // First pass: each form shares its count among its distinct candidate lemmas.
  const support = new Map<string, number>();
  for (const f of per) {
    const lemmas = [...new Set(f.cands.map((c) => c.lemma))];
    for (const l of lemmas) support.set(l, (support.get(l) ?? 0) + f.count / lemmas.length);
  }
  // Second pass: the whole count goes to the best-supported candidate (the first one on a tie).
  const byLemma = new Map<string, Lemma & { posCount: Map<string, number> }>();
  for (const f of per) {
    let best = f.cands[0] as Candidate;
    for (const c of f.cands) if ((support.get(c.lemma) ?? 0) > (support.get(best.lemma) ?? 0)) best = c;
    if (best.lemma in exclude) continue;
    const l = byLemma.get(best.lemma) ?? {
      lemma: best.lemma,
      pos: best.pos,
      count: 0,
      forms: [],
      posCount: new Map<string, number>(),
    };
    l.count += f.count;
    l.forms.push({ form: f.form, count: f.count });
    for (const c of f.cands) if (c.lemma === best.lemma) l.posCount.set(c.pos, (l.posCount.get(c.pos) ?? 0) + f.count);
    byLemma.set(best.lemma, l);
  }
  return [...byLemma.values()]
    .map(({ posCount, ...l }) => ({
      ...l,
      pos: [...posCount].sort((a, b) => b[1] - a[1])[0]?.[0] ?? l.pos,
    }))
    .sort((a, b) => b.count - a.count || a.lemma.localeCompare(b.lemma));
}

/** One thing the vocabulary teaches: a verb (all its forms) or a word; tier 1 includes the beginner module. */
export type TaughtUnit = { key: string; tier: number; ids: number[]; lemmas: Set<string> };

/** The plain tokens whose lemmas the content teaches (entries only, not their example sentences). */
export function taughtTokens(c: Content): Set<string> {
  const out = new Set<string>();
  for (const m of c.modules) for (const w of m.words) for (const t of hebrewTokens(w.he)) out.add(t);
  return out;
}

export function taughtUnits(c: Content, hs: HspellResult, keep: FrequencyLists["keep"] = {}): TaughtUnit[] {
  const units = new Map<string, TaughtUnit>();
  for (const m of c.modules) {
    const tier = m.id === BEGINNER_MODULE_ID ? 1 : m.tier;
    for (const w of m.words) {
      const key = w.pos === "verb" && w.verb ? `verb:${w.verb}` : `word:${w.he}`;
      const u = units.get(key) ?? { key, tier, ids: [], lemmas: new Set<string>() };
      u.tier = Math.min(u.tier, tier);
      u.ids.push(w.id);
      // A verb with a conjugation table is taught under hspell's lemma for it, its past 3ms (נתן for לתת).
      const past = w.verb ? c.verbs?.tables.get(w.verb)?.["past.3ms"]?.he : undefined;
      if (w.pos === "verb" && past) u.lemmas.add(past);
      for (const t of hebrewTokens(w.he)) {
        u.lemmas.add(t);
        const kept = keep[t];
        if (kept) u.lemmas.add(kept.lemma);
        for (const cand of lemmaCandidates(t, hs.known.get(t), "entry")) u.lemmas.add(cand.lemma);
      }
      units.set(key, u);
    }
  }
  return [...units.values()];
}

/** Lemmas taught at tier <= n (tier 1 includes the beginner module). */
export function taughtLemmas(units: TaughtUnit[], maxTier: number): Set<string> {
  const out = new Set<string>();
  for (const u of units) if (u.tier <= maxTier) for (const l of u.lemmas) out.add(l);
  return out;
}

export const TOPS = [300, 500, 1000, 3000] as const;
export const TOP_VERBS = 150;

export type TierCoverage = {
  tier: number;
  /** Units (a verb once, a word once) first taught at this tier, and up to it. */
  lemmas: number;
  lemmasUpTo: number;
  /** Share of the top N frequency lemmas taught at tier <= this one. */
  coverage: Record<number, { taught: number; of: number; share: number }>;
  /** The 150 most frequent verbs (the target for tier 1 with the beginner module): how many are taught. */
  verbs: { taught: number; of: number; share: number };
  missing: Lemma[];
};

export type FrequencyReport = {
  forms: number;
  /** Forms that count for a lemma (the rest: unknown to hspell and not kept, excluded, single letters). */
  formsUsed: number;
  lemmas: number;
  excluded: number;
  tiers: TierCoverage[];
  /** The ranked lemmas with the lowest tier teaching each (null: not taught). */
  ranked: (Lemma & { rank: number; tier: number | null })[];
};

export function frequencyReport(
  c: Content,
  forms: FormCount[],
  lists: FrequencyLists,
  opts: { missing?: number; cwd?: string } = {},
): FrequencyReport {
  const hs = runHspell([...forms.map((f) => f.form), ...taughtTokens(c)], opts.cwd);
  const ranked = rankLemmas(forms, hs, lists);
  const units = taughtUnits(c, hs, lists.keep);
  const tierOf = new Map<string, number>();
  for (const u of units)
    for (const l of u.lemmas) if (!tierOf.has(l) || (tierOf.get(l) ?? 9) > u.tier) tierOf.set(l, u.tier);
  const tiers: TierCoverage[] = [1, 2, 3].map((tier) => {
    const taught = taughtLemmas(units, tier);
    const coverage: TierCoverage["coverage"] = {};
    for (const top of TOPS) {
      const slice = ranked.slice(0, top);
      const n = slice.filter((l) => taught.has(l.lemma)).length;
      coverage[top] = { taught: n, of: slice.length, share: slice.length ? n / slice.length : 0 };
    }
    const verbs = ranked.filter((l) => l.pos === "פ").slice(0, TOP_VERBS);
    const verbsTaught = verbs.filter((l) => taught.has(l.lemma)).length;
    return {
      tier,
      verbs: { taught: verbsTaught, of: verbs.length, share: verbs.length ? verbsTaught / verbs.length : 0 },
      lemmas: units.filter((u) => u.tier === tier).length,
      lemmasUpTo: units.filter((u) => u.tier <= tier).length,
      coverage,
      missing: ranked.filter((l) => !taught.has(l.lemma)).slice(0, opts.missing ?? 30),
    };
  });
  const used = new Set(ranked.flatMap((l) => l.forms.map((f) => f.form)));
  return {
    forms: forms.length,
    formsUsed: used.size,
    lemmas: ranked.length,
    excluded: Object.keys(lists.exclude).length,
    tiers,
    ranked: ranked.map((l, i) => ({ ...l, rank: i + 1, tier: tierOf.get(l.lemma) ?? null })),
  };
}

const POS_NAME: Record<string, string> = { ע: "noun", פ: "verb", ת: "adj", x: "other", "?": "-" };
export const posName = (p: string) => POS_NAME[p] ?? p;

/** One line per lemma for authors: rank, lemma, part of speech, count, its most frequent forms. */
export function formatLemma(l: Lemma & { rank: number }): string {
  const forms = l.forms
    .slice(0, 4)
    .map((f) => f.form)
    .join(" ");
  return `${String(l.rank).padStart(5)}  ${l.lemma.padEnd(10)} ${posName(l.pos).padEnd(7)} ${String(l.count).padStart(9)}  ${forms}`;
}

export type SentenceCoverage = {
  tier: number;
  /** Words (occurrences) in the example sentences of this tier's modules, and how many tier <= N teaches. */
  words: number;
  taught: number;
  share: number;
  /** Untaught plain words by how often they occur, most frequent first. */
  untaught: { word: string; count: number }[];
};

/**
 * Words of tier-N example sentences that no tier <= N module teaches (tier 1 includes the beginner module): a
 * sentence word is taught when it, or one of the lemmas hspell reads in it (after a prefix: והספר -> ספר),
 * is a lemma of a taught entry.
 */
export function sentenceCoverage(c: Content, hs: HspellResult, keep: FrequencyLists["keep"] = {}): SentenceCoverage[] {
  const units = taughtUnits(c, hs, keep);
  return [1, 2, 3].map((tier) => {
    const taught = taughtLemmas(units, tier);
    const untaught = new Map<string, number>();
    let total = 0;
    let ok = 0;
    for (const m of c.modules) {
      if ((m.id === BEGINNER_MODULE_ID ? 1 : m.tier) !== tier) continue;
      for (const w of m.words)
        for (const t of hebrewTokens(w.example.he)) {
          total++;
          const kept = keep[t]?.lemma;
          const lemmas = [
            t,
            ...(kept ? [kept] : []),
            ...lemmaCandidates(t, hs.known.get(t), "all").map((x) => x.lemma),
          ];
          if (lemmas.some((l) => taught.has(l))) ok++;
          else untaught.set(t, (untaught.get(t) ?? 0) + 1);
        }
    }
    return {
      tier,
      words: total,
      taught: ok,
      share: total ? ok / total : 1,
      untaught: [...untaught].map(([word, count]) => ({ word, count })).sort((a, b) => b.count - a.count),
    };
  });
}
