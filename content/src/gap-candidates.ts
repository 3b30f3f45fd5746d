// npm run content:gaps — proposes a cloze gap mark (example.gap, issue 28) for every example sentence where
// core's findGap finds none and the content has no mark: the sentence word that, after a chain of prefixes,
// begins as the entry does (its first two letters) and holds most of the entry's root letters, then most of its
// leading letters. A proposal is a candidate, not an answer: read each one (the sentence is printed cut around
// it) and write only the marks whose word is really the entry in another form; a wrong gap teaches a wrong form.
// `--json` prints { id: { word, prefix } } for the proposals. Decision 0106.
import { clozeOf, findGap, type Gap, isPrefixChain } from "@ivrit/core/cloze";
import { hebrewLetters } from "@ivrit/core/hebrew";
import { CONTENT_DIR, type ContentWord, loadContent } from "./load.ts";

/** Entries of more than one word: the finder never finds them and a mark cannot name them. */
export const isPhrase = (w: { he: string }) => /[\s\u05BE-]/u.test(w.he.trim());

/** The best candidate word of the sentence for the entry, or null when no word begins as the entry does. */
export function proposeGap(w: Pick<ContentWord, "he" | "roots" | "example">): Gap | null {
  const entry = hebrewLetters(w.he);
  if (entry.length < 2) return null;
  const root = (w.roots[0] ?? "").split("-").map((l) => hebrewLetters(l));
  let best: (Gap & { score: number }) | null = null;
  w.example.he.split(" ").forEach((token, word) => {
    const letters = hebrewLetters(token);
    for (let prefix = 0; prefix <= 3 && prefix < letters.length; prefix++) {
      if (prefix > 0 && !isPrefixChain(letters.slice(0, prefix))) continue;
      const rest = letters.slice(prefix);
      if (rest.slice(0, 2) !== entry.slice(0, 2)) continue;
      let lead = 0;
      while (lead < rest.length && rest[lead] === entry[lead]) lead++;
      const score = 10 * root.filter((l) => l && rest.includes(l)).length + lead;
      if (!best || score > best.score) best = { word, prefix, score };
      break; // the shortest prefix that lines the word up with the entry
    }
  });
  return best ? { word: (best as Gap).word, prefix: (best as Gap).prefix } : null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const c = loadContent(process.env.CONTENT_DIR ?? CONTENT_DIR);
  const proposals: Record<number, Gap> = {};
  const none: string[] = [];
  for (const m of c.modules)
    for (const w of m.words) {
      if (isPhrase(w) || w.example.gap || findGap(w.example, w)) continue;
      const gap = proposeGap(w);
      if (!gap) {
        none.push(`${w.id} ${w.nikkud}: ${w.example.nikkud}`);
        continue;
      }
      proposals[w.id] = gap;
      const { pointed } = clozeOf(w.example, gap);
      if (!process.argv.includes("--json"))
        console.log(`${w.id} ${w.nikkud}: ${pointed.before}[${pointed.gap}]${pointed.after}  (${JSON.stringify(gap)})`);
    }
  if (process.argv.includes("--json")) console.log(JSON.stringify(proposals, null, 2));
  else {
    console.log(`\n${Object.keys(proposals).length} proposal(s) to read; no candidate word in ${none.length}:`);
    for (const n of none) console.log(`  ${n}`);
  }
}
