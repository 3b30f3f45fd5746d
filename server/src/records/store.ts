// The learner's word progress and play records as stored (word_progress, progress_batches, game_plays): each write
// one statement or one transaction, for one request or for the concurrent requests combined into it (decision 0026).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";
import * as t from "../db/schema.ts";

export type ProgressBatch = {
  userId: string;
  batchId?: string | undefined;
  updates: { wordId: number; delta: number }[];
};

/**
 * Adds word-progress batches (of one request, or of the concurrent requests combined into one write) in one
 * transaction. A batch with an id is added once: its id is stored with the updates, and a batch sent again (an
 * answer lost on the way) finds it and adds nothing. Rows of one (user, word) are summed first: an upsert cannot
 * touch one row twice.
 */
export async function addProgress(db: Db, batches: ProgressBatch[]): Promise<void> {
  await db.transaction(async (tx) => {
    let fresh = new Set<string>();
    const ids = [...new Map(batches.filter((b) => b.batchId).map((b) => [`${b.userId}|${b.batchId}`, b])).values()];
    if (ids.length > 0) {
      const json = JSON.stringify(ids.map((b) => ({ u: b.userId, b: b.batchId })));
      const [row] = await queryRows<{ keys: string[] }>(
        tx,
        sql`
          with i as (
            insert into progress_batches (user_id, batch_id)
            select r.u, r.b from json_to_recordset(${json}::json) as r(u uuid, b text)
            on conflict do nothing
            returning user_id, batch_id)
          select coalesce(json_agg(user_id || '|' || batch_id), '[]'::json) as keys from i`,
      );
      fresh = new Set(row?.keys ?? []);
    }
    const byKey = new Map<string, { u: string; w: number; d: number; n: number }>();
    for (const b of batches) {
      if (b.batchId !== undefined) {
        // Only the first copy of a new batch counts.
        if (!fresh.delete(`${b.userId}|${b.batchId}`)) continue;
      }
      for (const x of b.updates) {
        const key = `${b.userId}|${x.wordId}`;
        const cur = byKey.get(key) ?? { u: b.userId, w: x.wordId, d: 0, n: 0 };
        cur.d += x.delta;
        cur.n += 1;
        byKey.set(key, cur);
      }
    }
    if (byKey.size === 0) return;
    const json = JSON.stringify([...byKey.values()]);
    await tx.execute(sql`
      insert into word_progress (user_id, word_id, score, seen, updated_at)
      select r.u, r.w, r.d, r.n, now() from json_to_recordset(${json}::json) as r(u uuid, w int, d int, n int)
      on conflict (user_id, word_id) do update set
        score = word_progress.score + excluded.score,
        seen = word_progress.seen + excluded.seen,
        updated_at = excluded.updated_at`);
  });
}

export type Play = {
  userId: string;
  sessionId: string;
  gameName: string;
  language: string;
  platform: string;
  moduleId: number | null;
  levelId: number | null;
  meta: unknown;
};
const playKey = (p: Pick<Play, "userId" | "sessionId" | "gameName">) => `${p.userId}|${p.sessionId}|${p.gameName}`;

/** Stores play records in one statement; answers, per play, whether it was new (the first of its key). */
export async function insertPlays(db: Db, plays: Play[]): Promise<boolean[]> {
  const first = new Map<string, number>();
  plays.forEach((p, i) => {
    if (!first.has(playKey(p))) first.set(playKey(p), i);
  });
  const json = JSON.stringify(
    [...first.values()].map((i) => {
      const {
        userId: u,
        sessionId: s,
        gameName: g,
        language: l,
        platform: f,
        moduleId: m,
        levelId: v,
        meta: x,
      } = plays[i] as Play;
      return { u, s, g, l, f, m, v, x };
    }),
  );
  const [result] = await queryRows<{ keys: [string, string, string][] }>(
    db,
    sql`
    with i as (
      insert into game_plays (user_id, session_id, game_name, language, platform, module_id, level_id, meta)
      select r.u, r.s, r.g, r.l, r.f, r.m, r.v, coalesce(r.x, '{}'::jsonb)
      from json_to_recordset(${json}::json) as r(u uuid, s text, g text, l text, f text, m int, v smallint, x jsonb)
      on conflict do nothing
      returning user_id, session_id, game_name)
    select coalesce(json_agg(json_build_array(user_id, session_id, game_name)), '[]'::json) as keys from i`,
  );
  const created = new Set(
    (result?.keys ?? []).map(([userId, sessionId, gameName]) => playKey({ userId, sessionId, gameName })),
  );
  return plays.map((p, i) => first.get(playKey(p)) === i && created.has(playKey(p)));
}

/** Adds one play of a module to the learner's module progress (plays, right answers, questions). */
export async function addModuleProgress(
  db: Db,
  p: { userId: string; moduleId: number; correct: number; total: number },
): Promise<void> {
  const now = new Date();
  await db
    .insert(t.moduleProgress)
    .values({ ...p, plays: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.moduleProgress.userId, t.moduleProgress.moduleId],
      set: {
        plays: sql`${t.moduleProgress.plays} + 1`,
        correct: sql`${t.moduleProgress.correct} + excluded.correct`,
        total: sql`${t.moduleProgress.total} + excluded.total`,
        updatedAt: now,
      },
    });
}
