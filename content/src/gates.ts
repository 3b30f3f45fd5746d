// Quality gates of `npm run content:check` (issue 9), each of which would have caught an error found in the
// content, each a failure unless content/allowlist.json lists the exception with its reason:
// - translit: the transliteration reads as the pointing says (b/v, k/ch, p/f by dagesh, the vowels, a
//   word-initial shva; pointing.ts). שָׁפִיר written sha-PIR (the פ has no dagesh: sha-FIR).
// - sentence: the pointed and the plain example agree word by word (the stripped pointed letters are the plain
//   letters less an added vav or yod), so every later check can pair the words.
// - homograph: one plain word pointed two ways anywhere (entries and sentences) unless it is a true homograph
//   (allowlist `homographs`): סָבָא (sava) in sentences while the beginner module teaches סַבָּא.
// - article and מה: a word with the article (or ב/כ/ל + article) that the content teaches is pointed as the
//   entry is, with the article's vowel by its first letter (הָאֲתָר, not הָאֲתַר); מה is מָה before א ר, מֶה
//   before ח and before ה/ע with kamatz, מַה elsewhere.
// The hspell-based gate (every plain sentence word recognised) is in analyse.ts, which runs hspell once.
import { clozeOf, findGap, isPrefixChain, PREFIX_LETTERS } from "@ivrit/core/cloze";
import { hebrewLetters, plainMatchesPointed } from "@ivrit/core/hebrew";
import type { Content, ContentWord, Issue } from "./load.ts";
import { MARK, readingKey, suggestTranslit, translitAgrees, units, words } from "./pointing.ts";
import { BEGINNER_MODULE_ID } from "./schema.ts";

export type Occurrence = {
  plain: string;
  pointed: string;
  id: number;
  file: string;
  /** The word's entry itself, or a word of its example sentence (index in the sentence). */
  at: "entry" | number;
};

const fileOf = (c: Content, moduleId: number) => c.moduleFiles[moduleId] ?? `modules/${moduleId}`;

/** The transliteration of every entry and grid combination reads as its pointing. */
export function translitGate(c: Content): Issue[] {
  const issues: Issue[] = [];
  const allow = c.allowlist.translit;
  for (const m of c.modules)
    for (const w of m.words)
      if (!(String(w.id) in allow) && !translitAgrees(w.nikkud, w.translit))
        issues.push({
          file: fileOf(c, m.id),
          id: w.id,
          message: `${w.he}: translit '${w.translit}' does not read as the pointing ${w.nikkud} (which reads like '${suggestTranslit(w.nikkud)}')`,
        });
  for (const lv of c.letterVowels)
    if (!(String(lv.id) in allow) && !translitAgrees(lv.text, lv.translit))
      issues.push({
        file: "beginner/letter-vowel.json",
        id: lv.id,
        message: `${lv.text}: translit '${lv.translit}' does not read as the pointing (which reads like '${suggestTranslit(lv.text)}')`,
      });
  return issues;
}

/**
 * Pairs the words of every entry and example (plain with pointed) and reports the examples whose words do not
 * pair: a different number of words, or a pointed word whose letters are not the plain word's.
 */
export function pairWords(c: Content): { occurrences: Occurrence[]; issues: Issue[] } {
  const occurrences: Occurrence[] = [];
  const issues: Issue[] = [];
  for (const m of c.modules) {
    const file = fileOf(c, m.id);
    for (const w of m.words) {
      const pair = (plainText: string, pointedText: string, entry: boolean) => {
        const plain = words(plainText);
        const pointed = words(pointedText);
        if (plain.length !== pointed.length) {
          issues.push({
            file,
            id: w.id,
            message: `${w.he}: ${entry ? "the entry" : "the example"} has ${plain.length} plain and ${pointed.length} pointed words ('${plainText}' / '${pointedText}')`,
          });
          return;
        }
        plain.forEach((p, i) => {
          const q = pointed[i] as string;
          if (!plainMatchesPointed(p, q)) {
            if (!entry)
              issues.push({
                file,
                id: w.id,
                message: `${w.he}: example word ${i + 1}: plain '${p}' and pointed '${q}' differ (only an added vav or yod may)`,
              });
            return;
          }
          occurrences.push({ plain: p, pointed: q, id: w.id, file, at: entry ? "entry" : i });
        });
      };
      pair(w.he, w.nikkud, true);
      pair(w.example.he, w.example.nikkud, false);
    }
  }
  return { occurrences, issues };
}

const describe = (o: Occurrence) => `#${o.id}${o.at === "entry" ? "" : " example"}`;

/** One plain word pointed two ways (read differently), unless allowlisted as a true homograph. */
export function homographGate(c: Content, occurrences: Occurrence[]): Issue[] {
  const byPlain = new Map<string, Map<string, Occurrence[]>>();
  for (const o of occurrences) {
    const variants = byPlain.get(o.plain) ?? new Map<string, Occurrence[]>();
    const key = readingKey(o.pointed);
    variants.set(key, [...(variants.get(key) ?? []), o]);
    byPlain.set(o.plain, variants);
  }
  const issues: Issue[] = [];
  for (const [plain, all] of byPlain) {
    if (all.size < 2 || plain in c.allowlist.homographs || plain === "מה") continue;
    // ב/כ/ל/ו with or without the article (בְּשַׁבָּת / בַּשַּׁבָּת) is a choice of meaning, not of pointing: the
    // article gate checks the definite form. Such variants are merged here.
    const variants = new Map<string, Occurrence[]>();
    for (const [key, occ] of all) {
      const k = prefixFree(key);
      variants.set(k, [...(variants.get(k) ?? []), ...occ]);
    }
    if (variants.size < 2) continue;
    const list = [...variants.values()].sort((a, b) => b.length - a.length);
    const shown = list
      .map((occ) => {
        const ids = occ.map(describe);
        return `${occ[0]?.pointed} (${ids.slice(0, 4).join(", ")}${ids.length > 4 ? `, +${ids.length - 4}` : ""})`;
      })
      .join(" / ");
    // Reported on the rarer pointings: the commonest is most likely the right one.
    for (const occ of list.slice(1))
      for (const o of occ)
        issues.push({
          file: o.file,
          id: o.id,
          message: `'${plain}' is pointed ${list.length} ways: ${shown} (fix the pointing, or list a true homograph in allowlist.json homographs)`,
        });
  }
  return dedupe(issues);
}

/** A reading key without the vowel of a first ב/כ/ל/ו and without the dagesh of the letter after it. */
function prefixFree(key: string): string {
  const chars = [...key];
  if (!"בכלו".includes(chars[0] ?? "")) return key;
  let i = 1;
  while (i < chars.length && !/[\u05D0-\u05EA]/u.test(chars[i] ?? "")) i++;
  const rest = chars.slice(i);
  return `${chars[0]}${rest.filter((ch, j) => !(ch === MARK.dagesh && j === 1)).join("")}`;
}

function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.file}|${i.id}|${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Words whose own vowel changes after the article (אֶרֶץ -> הָאָרֶץ, הַר -> הָהָר): the stem they take there. */
const WITH_ARTICLE: Record<string, string> = { ארץ: "אָרֶץ", הר: "הָר", עם: "עָם", חג: "חָג", פר: "פָּר" };

/** The article's vowel by the first letter of its word (and that letter's vowel). */
function articleProblem(
  article: string,
  first: { letter: string; vowel: string; dagesh: boolean },
): string | undefined {
  const l = first.letter;
  if ("אר".includes(l)) return article === MARK.kamatz ? undefined : "the article before א and ר is הָ";
  if ("הח".includes(l)) {
    if (first.vowel === MARK.kamatz || first.vowel === MARK.hatafKamatz)
      return article === MARK.segol || (l === "ה" && article === MARK.kamatz)
        ? undefined
        : `the article before ${l} with kamatz is הֶ`;
    return article === MARK.patah ? undefined : `the article before ${l} is הַ`;
  }
  if (l === "ע") {
    if (first.vowel === MARK.kamatz || first.vowel === MARK.hatafKamatz)
      return article === MARK.segol || article === MARK.kamatz ? undefined : "the article before עָ is הֶ or הָ";
    return article === MARK.kamatz ? undefined : "the article before ע is הָ";
  }
  if (article !== MARK.patah) return "the article is הַ (with a dagesh in the next letter)";
  // Dagesh forte after the article; modern pointing drops it on a letter with shva (הַמְנַהֵל, הַיְלָדִים).
  if (!first.dagesh && first.vowel !== MARK.shva && l !== "ו")
    return `after the article ${l} takes a dagesh (הַ + dagesh)`;
  return undefined;
}

/**
 * מה's vowel by the next word (the Academy's rules, with the latitude that careful modern pointing takes): מָה
 * before א and ר; מֶה or מָה before ח, ה and ע with kamatz (מֶה עָשִׂיתָ); מַה or מָה before ה, ח and ע
 * otherwise (מַה הַשָּׁעָה); מַה before any other letter (מַה שְּׁלוֹמְךָ); מַה or מָה at the end.
 */
export function maProblem(ma: string, next: string | undefined): string | undefined {
  const v = units(ma)[0]?.vowel;
  const first = next ? units(next)[0] : undefined;
  const ok = (...vowels: string[]) => vowels.includes(v ?? "");
  if (!first) return ok(MARK.patah, MARK.kamatz) ? undefined : "מה at the end of a sentence is מַה or מָה";
  const l = first.letter;
  const kamatz = first.vowel === MARK.kamatz || first.vowel === MARK.hatafKamatz;
  if (l === "א" || l === "ר") return ok(MARK.kamatz) ? undefined : `מָה before ${l}`;
  if ("החע".includes(l) && kamatz) return ok(MARK.segol, MARK.kamatz) ? undefined : `מֶה before ${l} with kamatz`;
  if ("החע".includes(l)) return ok(MARK.patah, MARK.kamatz) ? undefined : `מַה or מָה before ${l}`;
  return ok(MARK.patah) ? undefined : `מַה before ${l}`;
}

/**
 * Words with the article (ה, or ב/כ/ל that absorbed it) whose rest is a taught single-word entry: the article
 * has the vowel its first letter asks for, and the rest is pointed as the entry (its first letter's dagesh
 * aside). And מה before the next word. Exceptions per word id: allowlist `pointing`.
 */
export function articleGate(c: Content, occurrences: Occurrence[]): Issue[] {
  // Nouns and adjectives: the words that take the article (a verb or pronoun after ל is not one: לָהֶם).
  const entries = new Map<string, ContentWord[]>();
  const whole = new Set<string>();
  for (const m of c.modules)
    for (const w of m.words) {
      if (words(w.he).length !== 1) continue;
      whole.add(w.he);
      if (w.pos === "noun" || w.pos === "adjective") entries.set(w.he, [...(entries.get(w.he) ?? []), w]);
    }
  const issues: Issue[] = [];
  const bySentence = new Map<string, Occurrence[]>();
  for (const o of occurrences)
    if (o.at !== "entry") bySentence.set(`${o.id}`, [...(bySentence.get(`${o.id}`) ?? []), o]);
  for (const o of occurrences) {
    if (o.at === "entry" || String(o.id) in c.allowlist.pointing) continue;
    const say = (message: string) => issues.push({ file: o.file, id: o.id, message });
    if (o.plain === "מה") {
      const next = bySentence.get(`${o.id}`)?.find((x) => x.at === (o.at as number) + 1);
      const p = maProblem(o.pointed, next?.pointed);
      if (p) say(`example: ${o.pointed}${next ? ` ${next.pointed}` : ""}: ${p}`);
      continue;
    }
    // A leading ו or ש (וְהַבַּיִת, שֶׁהַיֶּלֶד) is set aside: the article follows it.
    let pointed = o.pointed;
    let plain = o.plain;
    if ("וש".includes(plain[0] ?? "") && "הבכל".includes(plain[1] ?? "") && !whole.has(plain)) {
      pointed = dropFirstLetter(pointed);
      plain = plain.slice(1);
    }
    const us = units(pointed);
    const first = us[0];
    if (!first || !"הבכל".includes(first.letter) || us.length < 3) continue;
    const article = first.vowel;
    if (article !== MARK.patah && article !== MARK.kamatz && article !== MARK.segol) continue;
    const list = entries.get(plain.slice(1));
    // The word as a whole may itself be taught (הלאה, בקשה): then the first letter is not a prefix.
    if (!list || whole.has(plain)) continue;
    const second = us[1] as (typeof us)[number];
    if (first.letter !== "ה") {
      // ב/כ/ל carry the article only as patah + dagesh, or kamatz before א ע ר; before a hataf or a stressed
      // syllable their vowel has other reasons (בַּחֲדַר, לָמָה). Only nouns are checked after them.
      if (!list.some((w) => w.pos === "noun")) continue;
      if ([MARK.hatafPatah, MARK.hatafSegol, MARK.hatafKamatz].includes(second.vowel as never)) continue;
      const definite =
        (article === MARK.patah && (second.dagesh || "החע".includes(second.letter))) ||
        (article === MARK.kamatz && "אער".includes(second.letter));
      if (!definite) continue;
    }
    const problem = first.letter === "ה" ? articleProblem(article, second) : undefined;
    if (problem) say(`example: '${o.pointed}': ${problem}`);
    const stem = stripFirstDagesh(dropFirstLetter(pointed));
    const same = list.filter((w) => hebrewLetters(w.nikkud) === hebrewLetters(stem));
    const changed = WITH_ARTICLE[plain.slice(1)];
    if (changed && readingKey(changed) === readingKey(stem)) continue;
    if (same.length && !same.some((w) => readingKey(stripFirstDagesh(w.nikkud)) === readingKey(stem)))
      say(
        `example: '${o.pointed}' is pointed unlike the entry ${same.map((w) => `${w.nikkud} (#${w.id})`).join(", ")} after the article`,
      );
  }
  return dedupe(issues);
}

function dropFirstLetter(pointed: string): string {
  const chars = [...pointed.normalize("NFD")];
  let i = 1;
  while (i < chars.length && !/[\u05D0-\u05EA]/u.test(chars[i] ?? "")) i++;
  return chars.slice(i).join("").normalize("NFC");
}

function stripFirstDagesh(pointed: string): string {
  const chars = [...pointed.normalize("NFD")];
  let i = 1;
  while (i < chars.length && !/[\u05D0-\u05EA]/u.test(chars[i] ?? "")) {
    if (chars[i] === MARK.dagesh) chars.splice(i, 1);
    else i++;
  }
  return chars.join("").normalize("NFC");
}

/**
 * An example's other word orders (`orders`) are the sentence's own words in another order: the same plain words
 * as a multiset, not the sentence's order, not listed twice.
 */
export function ordersGate(c: Content): Issue[] {
  const issues: Issue[] = [];
  const sorted = (text: string) => [...words(text)].sort().join(" ");
  const order = (text: string) => words(text).join(" ");
  for (const m of c.modules)
    for (const w of m.words) {
      const orders = w.example.orders ?? [];
      const say = (message: string) => issues.push({ file: fileOf(c, m.id), id: w.id, message: `${w.he}: ${message}` });
      const seen = new Set([order(w.example.he)]);
      for (const o of orders) {
        if (sorted(o) !== sorted(w.example.he))
          say(`the word order '${o}' does not have the same words as the example '${w.example.he}'`);
        else if (seen.has(order(o))) say(`the word order '${o}' is the example's own order or listed twice`);
        seen.add(order(o));
      }
    }
  return issues;
}

/** Allowlist entries that no longer explain anything: warnings, so the list stays short and true. */
export function unusedAllowlist(c: Content, occurrences: Occurrence[]): Issue[] {
  const out: Issue[] = [];
  const readings = new Map<string, Set<string>>();
  for (const o of occurrences) readings.set(o.plain, (readings.get(o.plain) ?? new Set()).add(readingKey(o.pointed)));
  for (const plain of Object.keys(c.allowlist.homographs))
    if ((readings.get(plain)?.size ?? 0) < 2)
      out.push({ file: "allowlist.json", message: `homographs: '${plain}' is not pointed two ways (not needed)` });
  const ids = new Set([...c.modules.flatMap((m) => m.words.map((w) => w.id)), ...c.letterVowels.map((lv) => lv.id)]);
  for (const id of Object.keys(c.allowlist.translit))
    if (!ids.has(Number(id))) out.push({ file: "allowlist.json", message: `translit: no word or combination ${id}` });
  return out;
}

/** All pointing gates over the loaded content (no external tools). */
export function pointingGates(c: Content): { errors: Issue[]; warnings: Issue[]; occurrences: Occurrence[] } {
  const { occurrences, issues } = pairWords(c);
  return {
    errors: [
      ...translitGate(c),
      ...issues,
      ...homographGate(c, occurrences),
      ...articleGate(c, occurrences),
      ...ordersGate(c),
    ],
    warnings: unusedAllowlist(c, occurrences),
    occurrences,
  };
}

/** Tier of a module for teaching purposes: the beginner module counts as tier 1. */
export const teachingTier = (m: { id: number; tier: number }) => (m.id === BEGINNER_MODULE_ID ? 1 : m.tier);

// --- the cloze gap marks (issue 28, decision 0106) -------------------------------------------------------------
// `example.gap` names the entry's word where core's findGap cannot find it without doubt. The check fails on a
// mark that is out of range, whose prefix is not made of the prefix letters ו ה ב כ ל מ ש (or splits full
// spelling from pointing), that findGap makes needless (it finds a gap, the same or another), or whose word
// shares fewer than two letters with the entry (a likely slip). content:report counts the sentences with a gap
// (found, marked) and without, by tier.

/** How many letters two spellings share, each letter counted as often as both have it (final forms folded). */
export function sharedLetters(a: string, b: string): number {
  const left = [...hebrewLetters(a)];
  let n = 0;
  for (const c of hebrewLetters(b)) {
    const i = left.indexOf(c);
    if (i >= 0) {
      left.splice(i, 1);
      n++;
    }
  }
  return n;
}

export function gapGate(c: Content): Issue[] {
  const issues: Issue[] = [];
  for (const m of c.modules)
    for (const w of m.words) {
      const mark = w.example.gap;
      if (!mark) continue;
      const say = (message: string) =>
        issues.push({ file: c.moduleFiles[m.id] ?? `modules/${m.id}`, id: w.id, message: `${w.he}: gap ${message}` });
      const plainWord = w.example.he.split(" ")[mark.word];
      const pointedWord = w.example.nikkud.split(" ")[mark.word];
      const letters = hebrewLetters(plainWord ?? "");
      if (w.example.he.split(" ").length !== w.example.nikkud.split(" ").length) {
        say("is marked on a sentence whose plain and pointed texts have different numbers of words");
        continue;
      }
      if (plainWord === undefined || pointedWord === undefined || mark.prefix >= letters.length) {
        say(`{ word: ${mark.word}, prefix: ${mark.prefix} } is out of range of '${w.example.he}'`);
        continue;
      }
      const prefix = letters.slice(0, mark.prefix);
      if ([...prefix].some((l) => !PREFIX_LETTERS.includes(l))) {
        say(`prefix '${prefix}' has letters other than ${[...PREFIX_LETTERS].join(" ")}`);
        continue;
      }
      if (prefix && !isPrefixChain(prefix)) {
        say(`prefix '${prefix}' is not a chain of prefixes (ו, then ש/כש/מש, then ב/כ/ל/מ, then ה)`);
        continue;
      }
      const found = findGap(w.example, w);
      if (found) {
        say(
          found.word === mark.word && found.prefix === mark.prefix
            ? "is marked, but the finder finds it: remove the mark"
            : `is marked as word ${mark.word} (prefix ${mark.prefix}), but the finder finds word ${found.word} (prefix ${found.prefix}): remove the mark or fix the sentence`,
        );
        continue;
      }
      const { plain, pointed } = clozeOf(w.example, mark);
      if (!plainMatchesPointed(plain.before, pointed.before) || !plainMatchesPointed(plain.gap, pointed.gap))
        say(`prefix ${mark.prefix} splits '${plainWord}' elsewhere than '${pointedWord}'`);
      else if (sharedLetters(plain.gap, w.he) < 2)
        say(`'${plain.gap}' shares fewer than two letters with the entry: a slip?`);
    }
  return issues;
}

export type GapCounts = { tier: number; sentences: number; found: number; marked: number; none: number };

/** Sentences with a gap the finder finds, a marked gap, or none, by tier (the beginner module in tier 1). */
export function gapCounts(c: Content): GapCounts[] {
  const byTier = new Map<number, GapCounts>();
  for (const m of c.modules) {
    const tier = teachingTier(m);
    const t = byTier.get(tier) ?? { tier, sentences: 0, found: 0, marked: 0, none: 0 };
    byTier.set(tier, t);
    for (const w of m.words) {
      t.sentences++;
      if (findGap(w.example, w)) t.found++;
      else if (w.example.gap) t.marked++;
      else t.none++;
    }
  }
  return [...byTier.values()].sort((a, b) => a.tier - b.tier);
}
