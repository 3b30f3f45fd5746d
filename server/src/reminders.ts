// Web push reminders (issue 30.2, decision 0097): the VAPID keys, and the sender that runs in each server process.
// Each tick it finds the learners whose reminder time has come in their own time zone (core's reminderDueNow),
// claims the day in one conditional UPDATE (with several instances, one of them wins it), and sends one push to
// each of the learner's browsers unless the day's goal is met. A push service's 404 or 410 deletes the subscription.

import { isLanguage } from "@ivrit/core/languages";
import { type ReminderRule, reminderDueNow } from "@ivrit/core/reminder-rules";
import { reminderTexts } from "@ivrit/core/reminder-texts";
import type { ReminderPayload } from "@ivrit/core/schemas/reminders";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import { type Db, queryRows } from "./db/client.ts";
import * as t from "./db/schema.ts";
import type { QueueReader } from "./review/queue.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The reminder sender: main.ts starts it; tests call its tick. */
    reminders: ReminderSender;
  }
}

export type Vapid = { publicKey: string; privateKey: string; subject: string };

const VAPID_ROW = "vapid";

/**
 * The VAPID key pair: from the environment when given, else the one kept in the database, made on first use. The
 * database is the data directory's (PGlite) or the one every instance shares (PostgreSQL): all sign alike.
 */
export async function vapidKeys(
  db: Db,
  env: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined; VAPID_SUBJECT: string },
): Promise<Vapid> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
  const read = async () =>
    (await db.select({ value: t.serverKeys.value }).from(t.serverKeys).where(eq(t.serverKeys.name, VAPID_ROW)))[0];
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    // Two instances starting together: the first insert wins, both read it back.
    await db
      .insert(t.serverKeys)
      .values({ name: VAPID_ROW, value: JSON.stringify(made) })
      .onConflictDoNothing();
    row = await read();
  }
  const keys = JSON.parse(row?.value ?? "{}") as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: env.VAPID_SUBJECT };
}

/** Weekday bits (Sunday 1 ... Saturday 64) to and from the API's list of weekdays 0-6. */
export const daysToBits = (days: readonly number[]): number => days.reduce((bits, d) => bits | (1 << d), 0);
export const bitsToDays = (bits: number): number[] => [0, 1, 2, 3, 4, 5, 6].filter((d) => bits & (1 << d));

export type TickResult = { sent: number; dropped: number; goalMet: number; failed: number };

export class ReminderSender {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;
  readonly db: Db;
  readonly queue: QueueReader;
  readonly vapid: Vapid;
  readonly log: FastifyBaseLogger;

  constructor(db: Db, queue: QueueReader, vapid: Vapid, log: FastifyBaseLogger) {
    this.db = db;
    this.queue = queue;
    this.vapid = vapid;
    this.log = log;
  }

  /** Looks every `everyMs` (a tick still running is not started twice). */
  start(everyMs: number): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.#running = this.tick(new Date())
        .catch((err: unknown) => this.log.warn({ err }, "reminders: tick failed"))
        .finally(() => {
          this.#running = null;
        });
    }, everyMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** One look at the clock: sends the reminders due at `now`. */
  async tick(now: Date): Promise<TickResult> {
    const result: TickResult = { sent: 0, dropped: 0, goalMet: 0, failed: 0 };
    const at = now.toISOString();
    // Learners with reminders on, a browser to send to, and today (in their time zone) not handled yet.
    const rows = await queryRows<{
      user_id: string;
      time: string;
      days: number;
      quiet_start: string | null;
      quiet_end: string | null;
      handled_day: string | null;
      tz: string;
    }>(
      this.db,
      sql`
        select r.user_id, r.time, r.days, r.quiet_start, r.quiet_end, r.handled_day,
               coalesce(s.time_zone, 'UTC') as tz
        from reminders r left join user_settings s on s.user_id = r.user_id
        where r.enabled
          and exists (select 1 from push_subscriptions p where p.user_id = r.user_id)
          and (r.handled_day is null
               or r.handled_day <> to_char(${at}::timestamptz at time zone coalesce(s.time_zone, 'UTC'), 'YYYY-MM-DD'))
      `,
    );
    for (const r of rows) {
      const rule: ReminderRule = {
        enabled: true,
        time: r.time,
        days: bitsToDays(r.days),
        quietStart: r.quiet_start,
        quietEnd: r.quiet_end,
      };
      const day = reminderDueNow(rule, r.tz, now, r.handled_day, false);
      if (!day) continue;
      // The claim: whoever moves handled_day to today sends; another instance's UPDATE then matches no row.
      const claimed = await this.db
        .update(t.reminders)
        .set({ handledDay: day })
        .where(
          and(
            eq(t.reminders.userId, r.user_id),
            eq(t.reminders.enabled, true),
            sql`(${t.reminders.handledDay} is null or ${t.reminders.handledDay} <> ${day})`,
          ),
        )
        .returning({ userId: t.reminders.userId });
      if (claimed.length === 0) continue;
      const q = await this.queue.read(r.user_id);
      if (q.today.reviews >= q.today.goal) {
        result.goalMet++;
        continue;
      }
      const subs = await this.db.select().from(t.pushSubscriptions).where(eq(t.pushSubscriptions.userId, r.user_id));
      for (const sub of subs) {
        const outcome = await this.send(sub, q.due, day);
        result[outcome]++;
      }
    }
    if (result.sent + result.dropped + result.failed > 0) this.log.info(result, "reminders sent");
    return result;
  }

  async send(
    sub: typeof t.pushSubscriptions.$inferSelect,
    due: number,
    day: string,
  ): Promise<"sent" | "dropped" | "failed"> {
    const language = isLanguage(sub.language) ? sub.language : "en";
    const texts = reminderTexts(language, due);
    const payload: ReminderPayload = { ...texts, url: "/review", due, day };
    // web-push encrypts the message and signs the VAPID header; fetch carries it (web-push's own request is
    // https only, and a push service on localhost, as the browser tests use, speaks http).
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      { vapidDetails: this.vapid, TTL: 4 * 3600, urgency: "normal" },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([k]) => k.toLowerCase() !== "content-length")
        .map(([k, v]) => [k, String(v)]),
    );
    try {
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel();
      if (res.ok) return "sent";
      if (res.status === 404 || res.status === 410) {
        await this.db.delete(t.pushSubscriptions).where(eq(t.pushSubscriptions.endpoint, sub.endpoint));
        return "dropped";
      }
      this.log.warn({ status: res.status, endpoint: new URL(sub.endpoint).host }, "reminders: push refused");
      return "failed";
    } catch (err) {
      this.log.warn({ err, endpoint: new URL(sub.endpoint).host }, "reminders: push failed");
      return "failed";
    }
  }
}
