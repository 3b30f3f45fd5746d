// A verb's other forms in the review (issue 28, decision 0101): once a verb's card is known, its reviews also ask a
// cell of its table ("they (m.) will write" -> יִכְתְּבוּ), typed or chosen among four forms of the same table. A
// form is a facet of the verb's card, not a card of its own, so the forms add no cards to the daily load.
import { ENTRY_CELL, VERB_CELLS } from "./games/verb-conjugation.ts";
import { type Rng, sampleDistinct, shuffle } from "./rng.ts";
import type { VerbForm } from "./schemas/api.ts";

export type FormTense = (typeof VERB_CELLS)[number]["tense"];

/** The tenses a verb's tier teaches: tier 1 the present, the imperative and the infinitive (CONTENT.md); above, all. */
export function tensesOfTier(tier: number): readonly FormTense[] {
  return tier <= 1
    ? ["present", "imperative", "infinitive"]
    : ["present", "past", "future", "imperative", "infinitive"];
}

/**
 * How a cell is named to the learner: its tense, and who it speaks of. A present or imperative cell names a form
 * (masculine plural: verbs:form.mp), a past or future one a person (they (m.): verbs:person.3mp); the infinitive
 * names no one.
 */
export function formPrompt(cell: string): {
  tense: FormTense;
  person: { key: "form" | "person"; value: string } | null;
} {
  const known = VERB_CELLS.find((c) => c.cell === cell);
  if (!known) throw new Error(`not a cell of a verb table: ${cell}`);
  if (known.person === null) return { tense: known.tense, person: null };
  const key = known.tense === "present" || known.tense === "imperative" ? "form" : "person";
  return { tense: known.tense, person: { key, value: known.person } };
}

export interface FormQuestion {
  cell: string;
  /** The asked form, plain, pointed and transliterated. */
  he: string;
  nikkud: string;
  translit: string;
  /** The asked form and three other forms of the same table (the same tense first), shuffled; distinct. */
  options: { he: string; nikkud: string }[];
}

const filled = (f: VerbForm | undefined): f is VerbForm => !!f && f.nikkud.trim() !== "" && f.he.trim() !== "";

/**
 * A form to ask of a verb entry: a cell of the tenses its tier teaches, other than the entry's own form (a form
 * spelled like the entry asks nothing new) and never a cell the table takes from another root (a suppletive
 * table, decision 0091). Null when the table has no such cell, or fewer than four distinct forms to choose from.
 */
export function formQuestion(
  forms: Readonly<Record<string, VerbForm>>,
  o: { tier: number; tense: string | null; rng: Rng },
): FormQuestion | null {
  const tenses = tensesOfTier(o.tier);
  const own = forms[ENTRY_CELL[o.tense ?? ""] ?? ""];
  const usable = VERB_CELLS.filter(
    (c) => tenses.includes(c.tense) && filled(forms[c.cell]) && forms[c.cell]?.root === undefined,
  );
  const askable = usable.filter((c) => forms[c.cell]?.nikkud !== own?.nikkud);
  const [asked] = sampleDistinct(askable, 1, o.rng, (c) => c.cell);
  const form = asked && forms[asked.cell];
  if (!asked || !form) return null;
  // Wrong options: other forms of the table, the same tense first, each spelled unlike the answer and each other.
  const others = usable.filter((c) => {
    const f = forms[c.cell];
    return f && f.nikkud !== form.nikkud && f.he !== form.he;
  });
  const key = (c: (typeof VERB_CELLS)[number]) => forms[c.cell]?.he ?? c.cell;
  const sameTense = sampleDistinct(
    others.filter((c) => c.tense === asked.tense),
    3,
    o.rng,
    key,
  );
  const taken = new Set(sameTense.map(key));
  const rest = sampleDistinct(
    others.filter((c) => !taken.has(key(c))),
    3 - sameTense.length,
    o.rng,
    key,
  );
  const wrong = [...sameTense, ...rest].map((c) => forms[c.cell]).filter(filled);
  if (wrong.length < 3) return null;
  const pick = (f: VerbForm) => ({ he: f.he, nikkud: f.nikkud });
  return {
    cell: asked.cell,
    he: form.he,
    nikkud: form.nikkud,
    translit: form.translit,
    options: shuffle([pick(form), ...wrong.map(pick)], o.rng),
  };
}
