// Entries moved to another module keep their learners (content/moved.json, decision 0096): a move retires the old
// word id and teaches the entry under a new one, so when the content is loaded every learner's progress, review
// cards, marks and answers on the old id are carried to the new one, in the content's own transaction.
import { type Move, movedTo } from "@ivrit/content/load";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a load carried: rows moved from retired ids to the ids taught now, per table. */
export type MovesCarried = { progress: number; cards: number; marks: number; events: number };

const count = (r: unknown) =>
  Number(
    (r as { rowCount?: number; affectedRows?: number }).affectedRows ?? (r as { rowCount?: number }).rowCount ?? 0,
  );

/**
 * Carries learners' rows from each retired id to the id taught now (a chain a -> b -> c goes to c). Idempotent:
 * once carried, nothing is left on the old ids (the API refuses answers and progress on words it does not teach).
 * A learner who has rows on both ids (only if the new id was taught before the move reached them): progress is
 * merged (the higher score, the sum of `seen`), the new id's card and marks are kept and the old ones dropped;
 * every answer is kept under the new id.
 */
export async function carryMoves(tx: Tx, moves: readonly Move[]): Promise<MovesCarried> {
  const map = [...movedTo(moves)];
  if (!map.length) return { progress: 0, cards: 0, marks: 0, events: 0 };
  const ints = (xs: number[]) => sql`${`{${xs.join(",")}}`}::int[]`;
  const m = sql`unnest(${ints(map.map(([from]) => from))}, ${ints(map.map(([, to]) => to))}) as m(old_id, new_id)`;

  const progress = count(
    await tx.execute(sql`
      insert into word_progress (user_id, word_id, score, seen, updated_at)
      select p.user_id, m.new_id, p.score, p.seen, p.updated_at
      from word_progress p join ${m} on p.word_id = m.old_id
      on conflict (user_id, word_id) do update set
        score = greatest(word_progress.score, excluded.score),
        seen = word_progress.seen + excluded.seen,
        updated_at = greatest(word_progress.updated_at, excluded.updated_at)`),
  );
  await tx.execute(sql`delete from word_progress p using ${m} where p.word_id = m.old_id`);

  // Cards and marks: the old id's rows become the new id's, unless the learner already has some on the new id.
  const carryUnlessPresent = async (table: "review_cards" | "review_marks") => {
    const tb = sql.raw(table);
    const n = count(
      await tx.execute(sql`
        update ${tb} c set word_id = m.new_id from ${m}
        where c.word_id = m.old_id
          and not exists (select 1 from ${tb} d where d.user_id = c.user_id and d.word_id = m.new_id)`),
    );
    await tx.execute(sql`delete from ${tb} c using ${m} where c.word_id = m.old_id`);
    return n;
  };
  const cards = await carryUnlessPresent("review_cards");
  const marks = await carryUnlessPresent("review_marks");

  // The archive too (decision 0111): a replay or a fit reads the word's whole history under its new id.
  const events =
    count(await tx.execute(sql`update review_events e set word_id = m.new_id from ${m} where e.word_id = m.old_id`)) +
    count(
      await tx.execute(sql`update review_events_archive e set word_id = m.new_id from ${m} where e.word_id = m.old_id`),
    );
  return { progress, cards, marks, events };
}
