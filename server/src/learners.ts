// A learner behind the devices (issue 26, decision 0086): every learning table hangs on a learner (users.id); a
// device (its X-Anonymous-Id) belongs to one learner (devices). A device never seen is its own learner, under its
// own id, so no id stored before this changed meaning. Devices join a learner by a link code or the recovery code
// (decision 0087); the joining learner's memory is merged into the joined one.
import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import {
  codeFromBytes,
  groupCode,
  LINK_CODE_LENGTH,
  LINK_CODE_MINUTES,
  LINK_FAILURES_MAX,
  LINK_FAILURES_WINDOW_MS,
  normaliseCode,
  RECOVERY_CODE_LENGTH,
  RECOVERY_FAILURES_MAX,
  RECOVERY_FAILURES_WINDOW_MS,
  RECOVERY_LOOKUP_LENGTH,
} from "@ivrit/core/codes";
import type { LearnerHoldings } from "@ivrit/core/schemas/learners";
import { sql } from "drizzle-orm";
import { type Database, type Db, rowsOf } from "./db/client.ts";
import { HttpError } from "./http.ts";
import { foldPending } from "./review/fold.ts";
import { ENTITLEMENTS_CHANNEL } from "./users.ts";

/** Every change of a device's learner (link, recovery, unlink, erase) NOTIFYs this channel with the device id. */
const DEVICES_CHANNEL = "ivrit_devices";
/** A device's last-seen time is written at most this often (by each process). */
const SEEN_EVERY_MS = 60 * 60_000;

const scryptAsync = promisify(scrypt) as (password: string, salt: string, keylen: number) => Promise<Buffer>;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** A short, public name for a device from its user agent: "Android · Chrome", "iPhone · Safari". */
export function platformOf(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const os = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /CrOS/.test(ua)
          ? "ChromeOS"
          : /Windows/.test(ua)
            ? "Windows"
            : /Mac OS X|Macintosh/.test(ua)
              ? "Mac"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  const app = /; wv\)|Capacitor/.test(ua) ? "app" : null;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  return [os, app ?? browser].filter(Boolean).join(" · ") || "web";
}

export type LinkPreview = {
  linked: boolean;
  thisDevice: LearnerHoldings;
  learner: { supportId: string; devices: number };
  mergeMs?: number;
};

/** The caller of a learner call: their device, their learner, where they call from. */
export type Caller = { deviceId: string; learnerId: string; address: string; userAgent?: string | undefined };

/**
 * Devices and their learners. `resolve` is on every request: each process keeps what it read, drops a device when a
 * NOTIFY names it (any instance's link, unlink, recovery or erase), and trusts nothing cached while notifications
 * are down, as the plans' cache does.
 */
export class Learners {
  private readonly learnerOf = new Map<string, string>();
  /** Devices whose rows exist (and when this process last wrote their last-seen time). */
  private readonly seen = new Map<string, number>();
  private live = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly database: Database;
  private readonly db: Db;
  private readonly max: number;

  constructor(database: Database, max = 100_000) {
    this.database = database;
    this.db = database.db;
    this.max = max;
  }

  async start(): Promise<this> {
    this.unlisten = await this.database.listen(
      DEVICES_CHANNEL,
      (deviceId) => this.forget([deviceId]),
      (live) => {
        this.live = live;
        this.learnerOf.clear();
        this.seen.clear();
      },
    );
    return this;
  }

  async stop(): Promise<void> {
    this.live = false;
    await this.unlisten?.();
  }

  private forget(deviceIds: string[]) {
    for (const d of deviceIds) {
      this.learnerOf.delete(d);
      this.seen.delete(d);
    }
  }

  /** The learner of a device: its row's, or (a device never seen) the device's own id. */
  async resolve(deviceId: string): Promise<string> {
    const cached = this.live ? this.learnerOf.get(deviceId) : undefined;
    if (cached) return cached;
    const [row] = rowsOf<{ learner_id: string }>(
      await this.db.execute(sql`select learner_id from devices where id = ${deviceId}::uuid`),
    );
    const learnerId = row?.learner_id ?? deviceId;
    if (this.live) {
      if (this.learnerOf.size >= this.max) this.learnerOf.clear();
      this.learnerOf.set(deviceId, learnerId);
    }
    return learnerId;
  }

  /**
   * Before a write: the device's rows exist (a device never seen gets a learner of its own, under its id, and its
   * device row), and its last-seen time is at most SEEN_EVERY_MS old. Outside any transaction.
   */
  async ensure(c: Pick<Caller, "deviceId" | "learnerId" | "userAgent">): Promise<void> {
    const last = this.seen.get(c.deviceId);
    const now = Date.now();
    if (last !== undefined && now - last < SEEN_EVERY_MS) return;
    const platform = platformOf(c.userAgent);
    await this.db.execute(sql`insert into users (id) values (${c.learnerId}::uuid) on conflict do nothing`);
    await this.db.execute(sql`
      insert into devices (id, learner_id, platform) values (${c.deviceId}::uuid, ${c.learnerId}::uuid, ${platform})
      on conflict (id) do update set last_seen = now(), platform = excluded.platform`);
    if (this.seen.size >= this.max) this.seen.clear();
    this.seen.set(c.deviceId, now);
  }

  // ---------- link codes ----------

  async createLinkCode(c: Caller, now = new Date()): Promise<{ code: string; expiresAt: string }> {
    await this.ensure(c);
    const code = codeFromBytes(randomBytes(LINK_CODE_LENGTH), LINK_CODE_LENGTH);
    const expiresAt = new Date(now.getTime() + LINK_CODE_MINUTES * 60_000);
    await this.db.execute(sql`
      with old as (delete from link_codes where expires_at < ${now.toISOString()}::timestamptz - interval '1 day')
      insert into link_codes (hash, learner_id, expires_at) values (${sha256(code)}, ${c.learnerId}::uuid, ${expiresAt.toISOString()})`);
    return { code: groupCode(code), expiresAt: expiresAt.toISOString() };
  }

  /**
   * Joins the caller's device (with everything its learner holds) to the learner of a link code: without `confirm`
   * a preview, changing nothing; with it, the code is used up and the memories merged.
   */
  async link(c: Caller, input: string, confirm: boolean, now = new Date()): Promise<LinkPreview> {
    const keys = [`link:d:${c.deviceId}`, `link:a:${c.address}`];
    await this.checkFailures(keys, LINK_FAILURES_MAX, LINK_FAILURES_WINDOW_MS, now);
    const code = normaliseCode(input, LINK_CODE_LENGTH);
    const [row] = code
      ? rowsOf<{ learner_id: string; expires_at: Date | string; used_at: Date | string | null }>(
          await this.db.execute(
            sql`select learner_id, expires_at, used_at from link_codes where hash = ${sha256(code)}`,
          ),
        )
      : [];
    if (!row) {
      await this.fail(keys, now);
      throw new HttpError(
        400,
        "invalid_code",
        `That link code is not right: check the ${LINK_CODE_LENGTH} characters shown on your other device`,
      );
    }
    if (row.used_at) throw new HttpError(410, "code_used", "That link code was already used: make a new one");
    if (new Date(row.expires_at) <= now)
      throw new HttpError(
        410,
        "code_expired",
        `That link code expired (after ${LINK_CODE_MINUTES} minutes): make a new one`,
      );
    if (row.learner_id === c.learnerId)
      throw new HttpError(409, "already_linked", "This device already belongs to that learner");
    const preview = await this.preview(c.learnerId, row.learner_id);
    if (!confirm) return preview;
    const started = performance.now();
    const used = await this.merge(
      c,
      row.learner_id,
      sql`
      update link_codes set used_at = ${now.toISOString()} where hash = ${sha256(code as string)} and used_at is null
      returning 1 as ok`,
    );
    if (!used) throw new HttpError(410, "code_used", "That link code was already used: make a new one");
    return { ...preview, linked: true, mergeMs: Math.round(performance.now() - started) };
  }

  private async preview(from: string, to: string): Promise<LinkPreview> {
    const [row] = rowsOf<{
      answers: number;
      plays: number;
      words: number;
      devices: number;
      support: string;
      theirs: number;
    }>(
      await this.db.execute(sql`
        select (select count(*) from review_history where user_id = ${from}::uuid)::int as answers,
               (select count(*) from game_plays where user_id = ${from}::uuid)::int as plays,
               (select count(*) from word_progress where user_id = ${from}::uuid)::int as words,
               greatest(1, (select count(*) from devices where learner_id = ${from}::uuid))::int as devices,
               (select support_id from users where id = ${to}::uuid) as support,
               (select count(*) from devices where learner_id = ${to}::uuid)::int as theirs`),
    );
    if (!row?.support) throw new HttpError(410, "code_expired", "The learner of that code no longer exists");
    return {
      linked: false,
      thisDevice: { answers: row.answers, plays: row.plays, words: row.words, devices: row.devices },
      learner: { supportId: groupCode(row.support), devices: row.theirs },
    };
  }

  /**
   * Merges the caller's learner into `to` (decision 0086), in one transaction that first runs `claim` (using up
   * the code: false when it finds nothing, and then nothing changes). Review events are united by their id, under
   * both learners' write locks, with new ids after every existing one: the fold then places them (a late one
   * replays its word in time order) and counts their days, as for any event. Plays, word and module progress are
   * kept (counts added), the plan is the higher of the two (entitlements united, the later expiry kept), the
   * preferences, settings and active module are the joined learner's. Every device of the caller's learner moves.
   */
  private async merge(c: Caller, to: string, claim: ReturnType<typeof sql>): Promise<boolean> {
    const from = c.learnerId;
    const moved = await this.db.transaction(async (tx) => {
      const [ok] = rowsOf<{ ok: number }>(await tx.execute(claim));
      if (!ok) return null;
      // The two write locks in a fixed order (no deadlock with a merge the other way), then the caller's fold lock.
      for (const id of [from, to].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${id}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${from}), 66)`);
      await tx.execute(sql`insert into users (id) values (${to}::uuid) on conflict do nothing`);
      await tx.execute(sql`
        insert into review_events (user_id, client_event_id, word_id, at, game, outcome, exercise, received_at)
        select ${to}::uuid, client_event_id, word_id, at, game, outcome, exercise, received_at
        from review_history h where user_id = ${from}::uuid
          and not exists (select 1 from review_events_archive a
                          where a.user_id = ${to}::uuid and a.client_event_id = h.client_event_id)
        order by id
        on conflict do nothing`);
      await tx.execute(sql`
        insert into word_progress (user_id, word_id, score, seen, updated_at)
        select ${to}::uuid, word_id, score, seen, updated_at from word_progress where user_id = ${from}::uuid
        on conflict (user_id, word_id) do update set score = word_progress.score + excluded.score,
          seen = word_progress.seen + excluded.seen, updated_at = greatest(word_progress.updated_at, excluded.updated_at)`);
      await tx.execute(sql`
        insert into progress_batches (user_id, batch_id, created_at)
        select ${to}::uuid, batch_id, created_at from progress_batches where user_id = ${from}::uuid
        on conflict do nothing`);
      await tx.execute(sql`
        insert into module_progress (user_id, module_id, plays, correct, total, updated_at)
        select ${to}::uuid, module_id, plays, correct, total, updated_at from module_progress where user_id = ${from}::uuid
        on conflict (user_id, module_id) do update set plays = module_progress.plays + excluded.plays,
          correct = module_progress.correct + excluded.correct, total = module_progress.total + excluded.total,
          updated_at = greatest(module_progress.updated_at, excluded.updated_at)`);
      await tx.execute(sql`
        update game_plays g set user_id = ${to}::uuid where g.user_id = ${from}::uuid
          and not exists (select 1 from game_plays o where o.user_id = ${to}::uuid and o.session_id = g.session_id
                          and o.game_name = g.game_name)`);
      await tx.execute(sql`
        insert into entitlements (user_id, plan, source, product_id, expires_at, event_id, event_at, updated_at)
        select ${to}::uuid, plan, source, product_id, expires_at, event_id, event_at, updated_at
        from entitlements where user_id = ${from}::uuid
        on conflict (user_id, plan) do update set
          expires_at = case when entitlements.expires_at is null or excluded.expires_at is null then null
                            else greatest(entitlements.expires_at, excluded.expires_at) end,
          source = case when excluded.expires_at is null
                          or (entitlements.expires_at is not null and excluded.expires_at > entitlements.expires_at)
                        then excluded.source else entitlements.source end,
          updated_at = now()`);
      // The browsers that receive the caller's reminders now belong to the joined learner (their reminder settings
      // are the joined learner's, as the other settings).
      await tx.execute(sql`update push_subscriptions set user_id = ${to}::uuid where user_id = ${from}::uuid`);
      const devices = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update devices set learner_id = ${to}::uuid where learner_id = ${from}::uuid or id = ${c.deviceId}::uuid
          returning id`),
      ).map((r) => r.id);
      if (!devices.includes(c.deviceId))
        await tx.execute(sql`
          insert into devices (id, learner_id, platform) values (${c.deviceId}::uuid, ${to}::uuid, ${platformOf(c.userAgent)})`);
      // What is left of the caller's learner (cards, marks, days, folds, settings, codes) goes with its row; the
      // cards of the moved events are rebuilt by the fold from the united events.
      await tx.execute(sql`delete from users where id = ${from}::uuid and id <> ${to}::uuid`);
      const all = [...new Set([...devices, c.deviceId])];
      for (const d of all) await tx.execute(sql`select pg_notify(${DEVICES_CHANNEL}, ${d})`);
      // The learners' cached queues see the moved events by their version (decision 0088); plans are cached apart.
      for (const l of [from, to]) await tx.execute(sql`select pg_notify(${ENTITLEMENTS_CHANNEL}, ${l})`);
      return all;
    });
    if (!moved) return false;
    this.forget(moved);
    await this.database.flush();
    // The moved events are folded before the answer: the learner's next read finds their cards ready.
    await foldPending(this.db, to);
    return true;
  }

  // ---------- recovery codes ----------

  async createRecoveryCode(c: Caller, now = new Date()): Promise<{ code: string; createdAt: string }> {
    await this.ensure(c);
    const code = codeFromBytes(randomBytes(RECOVERY_CODE_LENGTH), RECOVERY_CODE_LENGTH);
    const salt = randomBytes(16).toString("hex");
    const hash = (await scryptAsync(code.slice(RECOVERY_LOOKUP_LENGTH), salt, 32)).toString("hex");
    await this.db.execute(sql`
      insert into recovery_codes (learner_id, lookup, salt, hash, created_at)
      values (${c.learnerId}::uuid, ${code.slice(0, RECOVERY_LOOKUP_LENGTH)}, ${salt}, ${hash}, ${now.toISOString()})
      on conflict (learner_id) do update set lookup = excluded.lookup, salt = excluded.salt, hash = excluded.hash,
        created_at = excluded.created_at`);
    return { code: groupCode(code), createdAt: now.toISOString() };
  }

  /** Joins the caller's device to the learner of a recovery code, merging what the device holds (nothing lost). */
  async recover(c: Caller, input: string, now = new Date()): Promise<{ supportId: string; merged: LearnerHoldings }> {
    const keys = [`recover:d:${c.deviceId}`, `recover:a:${c.address}`];
    await this.checkFailures(keys, RECOVERY_FAILURES_MAX, RECOVERY_FAILURES_WINDOW_MS, now);
    const code = normaliseCode(input, RECOVERY_CODE_LENGTH);
    const candidates = code
      ? rowsOf<{ learner_id: string; salt: string; hash: string }>(
          await this.db.execute(sql`
            select learner_id, salt, hash from recovery_codes where lookup = ${code.slice(0, RECOVERY_LOOKUP_LENGTH)}`),
        )
      : [];
    let learner: string | null = null;
    for (const r of candidates) {
      const got = await scryptAsync((code as string).slice(RECOVERY_LOOKUP_LENGTH), r.salt, 32);
      if (timingSafeEqual(got, Buffer.from(r.hash, "hex"))) learner = r.learner_id;
    }
    if (!learner) {
      // A wrong code costs a scrypt too when its lookup group matches nothing: the time says nothing.
      if (candidates.length === 0) await scryptAsync("0".repeat(16), "0".repeat(32), 32);
      await this.fail(keys, now);
      throw new HttpError(400, "invalid_code", "That recovery code is not right: check its 5 groups of 4 characters");
    }
    const preview = await this.preview(c.learnerId, learner);
    if (learner !== c.learnerId) await this.merge(c, learner, sql`select 1 as ok`);
    return {
      supportId: preview.learner.supportId,
      merged: learner === c.learnerId ? { answers: 0, plays: 0, words: 0, devices: 0 } : preview.thisDevice,
    };
  }

  // ---------- devices, account, erase ----------

  async account(c: Caller) {
    await this.ensure(c);
    const [row] = rowsOf<{ support: string; devices: number; answers: number; recovery: Date | string | null }>(
      await this.db.execute(sql`
        select u.support_id as support,
               (select count(*) from devices where learner_id = u.id)::int as devices,
               (select count(*) from review_history where user_id = u.id)::int as answers,
               (select created_at from recovery_codes where learner_id = u.id) as recovery
        from users u where u.id = ${c.learnerId}::uuid`),
    );
    if (!row) throw new Error("account: no learner row after ensure");
    return {
      supportId: groupCode(row.support),
      devices: row.devices,
      answers: row.answers,
      recoveryCodeAt: row.recovery ? new Date(row.recovery).toISOString() : null,
    };
  }

  async devices(c: Caller) {
    await this.ensure(c);
    const rows = rowsOf<{
      id: string;
      public_id: string;
      platform: string;
      first_seen: Date | string;
      last_seen: Date | string;
    }>(
      await this.db.execute(sql`
        select id, public_id, platform, first_seen, last_seen from devices where learner_id = ${c.learnerId}::uuid
        order by first_seen, public_id`),
    );
    return rows.map((r) => ({
      id: r.public_id,
      platform: r.platform,
      firstSeen: new Date(r.first_seen).toISOString(),
      lastSeen: new Date(r.last_seen).toISOString(),
      thisDevice: r.id === c.deviceId,
    }));
  }

  /** An unlinked device becomes a new, empty learner; the learner keeps its memory on its other devices. */
  async unlink(c: Caller, publicId: string): Promise<{ thisDevice: boolean }> {
    const result = await this.db.transaction(async (tx) => {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select id from devices where learner_id = ${c.learnerId}::uuid order by id for update`),
      );
      const [target] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select id from devices where public_id = ${publicId} and learner_id = ${c.learnerId}::uuid`),
      );
      if (!target) throw new HttpError(404, "device_not_found", "No device of yours has that id");
      if (rows.length <= 1)
        throw new HttpError(409, "last_device", "This is your only device: erase your data instead of unlinking it");
      const fresh = randomUUID();
      await tx.execute(sql`insert into users (id) values (${fresh}::uuid)`);
      await tx.execute(sql`update devices set learner_id = ${fresh}::uuid where id = ${target.id}::uuid`);
      await tx.execute(sql`select pg_notify(${DEVICES_CHANNEL}, ${target.id})`);
      return target.id;
    });
    this.forget([result]);
    return { thisDevice: result === c.deviceId };
  }

  /** Erases the learner: events, cards, plays, progress, settings, plan rows, devices and codes. */
  async erase(c: Caller): Promise<{ answers: number }> {
    const out = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${c.learnerId}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${c.learnerId}), 66)`);
      const [n] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from review_history where user_id = ${c.learnerId}::uuid`),
      );
      const devices = rowsOf<{ id: string }>(
        await tx.execute(sql`delete from devices where learner_id = ${c.learnerId}::uuid returning id`),
      ).map((r) => r.id);
      await tx.execute(sql`delete from users where id = ${c.learnerId}::uuid`);
      for (const d of [...new Set([...devices, c.deviceId])])
        await tx.execute(sql`select pg_notify(${DEVICES_CHANNEL}, ${d})`);
      await tx.execute(sql`select pg_notify(${ENTITLEMENTS_CHANNEL}, ${c.learnerId})`);
      return { answers: n?.n ?? 0, devices };
    });
    this.forget([...out.devices, c.deviceId]);
    return { answers: out.answers };
  }

  // ---------- limits on wrong codes ----------

  private async checkFailures(keys: string[], max: number, windowMs: number, now: Date) {
    const since = new Date(now.getTime() - windowMs).toISOString();
    const rows = rowsOf<{ key: string; n: number; oldest: Date | string }>(
      await this.db.execute(sql`
        select key, count(*)::int as n, min(at) as oldest from code_failures
        where key = any(${`{${keys.map((k) => `"${k}"`).join(",")}}`}::text[]) and at > ${since}::timestamptz
        group by key`),
    );
    const over = rows.find((r) => r.n >= max);
    if (!over) return;
    const retryS = Math.max(1, Math.ceil((new Date(over.oldest).getTime() + windowMs - now.getTime()) / 1000));
    throw new HttpError(429, "too_many_codes", `Too many wrong codes: try again in ${Math.ceil(retryS / 60)} min`, {
      "retry-after": String(retryS),
    });
  }

  private async fail(keys: string[], now: Date) {
    const json = JSON.stringify(keys);
    await this.db.execute(sql`
      with old as (delete from code_failures where at < ${now.toISOString()}::timestamptz - interval '1 day')
      insert into code_failures (key, at) select k, ${now.toISOString()} from json_array_elements_text(${json}::json) k`);
    await this.database.flush();
  }
}
