// Folded old events move to the archive (issue 31.5, decision 0111), and nothing a learner sees changes: a late event
// replays the word's whole history (archive included) to the same card as without an archive, a device merge unites
// the archived events too, the fit and the counts read both tables, a retried client id already archived is not
// stored again, and erasing the learner erases their archive. Each check compares a learner whose events were
// archived with a twin who got the same events and whose events were not.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveEvents } from "../src/event-archive.ts";
import { claimFit, modelReport } from "../src/learner-model.ts";
import { foldPending } from "../src/review/fold.ts";
import { as, BACKENDS, newUser, startApp, type TestApp } from "./helpers.ts";

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
type Ev = { id: string; wordId: number; at: string; game: string; outcome: "right" | "wrong" };
const ev = (id: string, wordId: number, at: string, outcome: Ev["outcome"] = "right"): Ev => ({
  id,
  wordId,
  at,
  game: "review",
  outcome,
});

describe.each(BACKENDS)("the event archive on %s", (backend) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startApp(backend);
  });
  afterAll(async () => h?.close());

  const call = (device: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    h.app.inject({ method, url, headers: as(device), ...(payload && { payload }) });
  const post = async (device: string, events: Ev[]) => {
    const res = await call(device, "POST", "/api/review/events", { events });
    expect(res.statusCode).toBe(200);
    return res.json() as { stored: number };
  };
  const rows = async <T>(q: ReturnType<typeof sql>) => (await h.database.db.execute(q)) as unknown as { rows: T[] };
  const count = async (table: string, user: string) =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${user}::uuid`))
      .rows[0]?.n;
  /** The learner's cards, without their id: what two learners given the same events must share. */
  const cards = async (user: string) =>
    (
      await rows<Record<string, unknown>>(sql`
        select word_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, state, last_review,
               first_at, last_at, last_event_id, recall_days, last_recall_day, produced, last_miss_at
        from review_cards where user_id = ${user}::uuid order by word_id`)
    ).rows;
  /** Makes the learner's events look stored `days` ago (the archive goes by when an event was stored). */
  const storedAgo = (user: string, days: number) =>
    h.database.db.execute(
      sql`update review_events set received_at = now() - make_interval(days => ${days}) where user_id = ${user}::uuid`,
    );
  /** Forty days of answers on three words, with wrong ones between. */
  const history = () => {
    const out: Ev[] = [];
    for (let d = 40; d >= 1; d -= 3)
      for (const w of [1001, 1002, 1003])
        out.push(ev(`h${d}-${w}`, w, ago(d * DAY + w), d % 9 === 0 ? "wrong" : "right"));
    return out;
  };
  /** Two learners with the same events, folded; the first's old ones archived. */
  const twins = async () => {
    const [archived, kept] = [newUser(), newUser()];
    const events = history();
    for (const u of [archived, kept]) {
      expect((await post(u, events)).stored).toBe(42);
      await foldPending(h.database.db, u);
    }
    await storedAgo(archived, 35);
    await storedAgo(kept, 5);
    const before = await cards(archived);
    expect(before).toEqual(await cards(kept));
    const moved = await archiveEvents(h.database, 30);
    expect(moved).toBeGreaterThanOrEqual(41);
    // Every event but the newest moved; the kept twin's none; the cards did not change.
    expect(await count("review_events", archived)).toBe(1);
    expect(await count("review_events_archive", archived)).toBe(41);
    expect(await count("review_events", kept)).toBe(42);
    expect(await count("review_events_archive", kept)).toBe(0);
    expect(await cards(archived)).toEqual(before);
    return { archived, kept };
  };

  it("moves only folded events stored long enough ago; ids and columns kept; nothing when off", async () => {
    const u = newUser();
    await post(u, history());
    await foldPending(h.database.db, u);
    await post(u, [ev("unfolded", 1004, ago(2 * DAY))]); // stored after the fold: not folded yet
    await storedAgo(u, 35);
    const all = (
      await rows<Record<string, unknown>>(sql`
        select id::text, client_event_id, word_id, at, game, outcome, exercise, received_at
        from review_history where user_id = ${u}::uuid order by id`)
    ).rows;
    expect(all).toHaveLength(43);
    expect(await archiveEvents(h.database, 36)).toBe(0); // not old enough yet
    await archiveEvents(h.database, 30);
    expect(await count("review_events_archive", u)).toBe(42);
    const live = (
      await rows<{ c: string }>(sql`select client_event_id as c from review_events where user_id = ${u}::uuid`)
    ).rows;
    expect(live).toEqual([{ c: "unfolded" }]);
    const after = (
      await rows<Record<string, unknown>>(sql`
        select id::text, client_event_id, word_id, at, game, outcome, exercise, received_at
        from review_history where user_id = ${u}::uuid order by id`)
    ).rows;
    expect(after).toEqual(all);
    // Run again: nothing left to move.
    expect(await archiveEvents(h.database, 30)).toBe(0);
    expect(await count("review_events_archive", u)).toBe(42);
  });

  it("a late event replays the archived history to the same card as without an archive", async () => {
    const { archived, kept } = await twins();
    // Late: before most of the history of word 1002 (the replay reads the word's events, archive included).
    const late = ev("late", 1002, ago(30 * DAY), "wrong");
    for (const u of [archived, kept]) {
      expect((await post(u, [late])).stored).toBe(1);
      await foldPending(h.database.db, u);
    }
    const a = await cards(archived);
    expect(a).toEqual(await cards(kept));
    expect(a.find((c) => c.word_id === 1002)?.reps).toBe(15);
  });

  it("a retried client id already archived is not stored again", async () => {
    const { archived } = await twins();
    expect((await post(archived, [ev("h40-1001", 1001, ago(40 * DAY + 1001))])).stored).toBe(0);
    expect(await count("review_history", archived)).toBe(42);
  });

  it("the fit's claim and the model report count the archived answers", async () => {
    const { archived, kept } = await twins();
    for (const u of [archived, kept]) expect((await modelReport(h.database.db, u, new Date())).answers).toBe(42);
    expect(await claimFit(h.database.db, archived)).toBe(await claimFit(h.database.db, kept));
  });

  it("a device merge unites the archived events: the same cards as the twin's merge", async () => {
    const { archived, kept } = await twins();
    const results = [];
    const theirs = [ev("t1", 1001, ago(20 * DAY)), ev("t2", 1005, ago(10 * DAY))];
    for (const from of [archived, kept]) {
      const to = newUser();
      await post(to, theirs);
      const code = (await call(to, "POST", "/api/me/link-codes")).json().code as string;
      const preview = (await call(from, "POST", "/api/me/link", { code })).json();
      expect(preview.thisDevice.answers).toBe(42);
      expect((await call(from, "POST", "/api/me/link", { code, confirm: true })).json().linked).toBe(true);
      await foldPending(h.database.db, to);
      expect(await count("review_history", to)).toBe(44);
      results.push(await cards(to));
      // The merged learner's rows are gone, archive included.
      expect(await count("review_events_archive", from)).toBe(0);
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]).toHaveLength(4);
  });

  it("erasing the learner erases their archived events", async () => {
    const { archived } = await twins();
    const res = await call(archived, "DELETE", "/api/me/data", { confirm: "erase" });
    expect(res.json()).toEqual({ erased: true, answers: 42 });
    expect(await count("review_events_archive", archived)).toBe(0);
    expect(await count("review_events", archived)).toBe(0);
  });
});
