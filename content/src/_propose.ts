import { loadContent } from "@ivrit/content/load";
import { findGap, clozeOf } from "@ivrit/core/cloze";
const F: Record<string, string> = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
const fold = (s: string) => s.replace(/[^\u05D0-\u05EA]/gu, "").replace(/[ךםןףץ]/g, (x) => F[x]!);
const CHAIN = /^ו?(?:כש|מש|ש)?(?:[בכל]|מ?ה?)$/u;
const c = loadContent();
const out: Record<number, { word: number; prefix: number }> = {};
for (const m of c.modules) for (const w of m.words) {
  if (/[\s\u05BE-]/u.test(w.he.trim())) continue;
  if (findGap(w.example, w)) continue;
  const E = fold(w.he);
  const root = (w.roots[0] ?? "").split("-").map((x) => F[x] ?? x).filter(Boolean);
  const toks = w.example.he.split(" ");
  let best: { i: number; k: number; s: number } | null = null;
  toks.forEach((t, i) => {
    const W = fold(t);
    for (let k = 0; k <= 3 && k < W.length; k++) {
      if (k && !CHAIN.test(W.slice(0, k))) continue;
      const rest = W.slice(k);
      if (E.length < 2 || rest.slice(0, 2) !== E.slice(0, 2)) continue;
      let s = 0; for (const r of root) if (rest.includes(r)) s++;
      let common = 0; for (let j = 0; j < Math.min(rest.length, E.length); j++) if (rest[j] === E[j]) common++; else break;
      s = s * 10 + common;
      if (!best || s > best.s) best = { i, k, s };
      break;
    }
  });
  if (!best) { console.log(`NONE ${w.id} ${w.nikkud} :: ${w.example.nikkud}`); continue; }
  const b = best as { i: number; k: number; s: number };
  const z = clozeOf(w.example, { word: b.i, prefix: b.k });
  console.log(`${w.id} ${w.nikkud} :: ${z.pointed.before}[${z.pointed.gap}]${z.pointed.after}`);
  out[w.id] = { word: b.i, prefix: b.k };
}
if (process.argv.includes("--json")) console.error(JSON.stringify(out));
