// A learner's time zone (issue 25.8, decision 0077): accepted only when the database reads it too, stored as Intl
// spells it, the same day in JavaScript and SQL for every zone accepted, offsets refused, old rows repaired.
import { dayKey } from "@ivrit/core/review";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { repairTimeZones } from "../src/db/time-zones.ts";
import { learnersOfDevices } from "../src/users.ts";
import { as, BACKENDS, newUser, startApp } from "./helpers.ts";

/** Old names (tzdata's "backward" file and friends), some of which the databases no longer read. */
const LEGACY = [
  "US/Pacific-New",
  "Canada/East-Saskatchewan",
  "US/Pacific",
  "US/Eastern",
  "US/Samoa",
  "Asia/Calcutta",
  "Asia/Saigon",
  "Asia/Rangoon",
  "Europe/Kiev",
  "Europe/Kyiv",
  "Europe/Uzhgorod",
  "America/Buenos_Aires",
  "America/Godthab",
  "America/Montreal",
  "Pacific/Enderbury",
  "Pacific/Kanton",
  "Pacific/Johnston",
  "Antarctica/South_Pole",
  "GMT+0",
  "GMT-0",
  "Greenwich",
  "UCT",
  "Zulu",
  "Universal",
  "EST",
  "MST",
  "HST",
  "EST5EDT",
  "CST6CDT",
  "ROC",
  "ROK",
  "PRC",
  "Navajo",
  "Cuba",
  "Egypt",
  "Eire",
  "Iran",
  "Israel",
  "Japan",
  "Poland",
  "Singapore",
  "Turkey",
  "W-SU",
  "GB",
  "NZ",
  "Hongkong",
  "Etc/GMT+5",
  "Etc/GMT-14",
  "utc",
  "europe/paris",
];
const OFFSETS = ["+05:30", "-08:00", "+0530", "+05", "-03"];

describe.each(BACKENDS)("time zones on %s", (backend) => {
  it("takes every name Intl knows only as the database reads it, the same day on both sides", async () => {
    const h = await startApp(backend);
    try {
      const user = newUser();
      const accepted = new Set<string>();
      for (const tz of [...new Set([...Intl.supportedValuesOf("timeZone"), ...LEGACY, ...OFFSETS])]) {
        const res = await h.app.inject({
          method: "PATCH",
          url: "/api/review/settings",
          headers: as(user),
          payload: { timeZone: tz },
        });
        if (OFFSETS.includes(tz)) {
          expect(res.statusCode, tz).toBe(400);
          continue;
        }
        expect(res.statusCode, tz).toBe(200);
        const stored = res.json().timeZone as string;
        expect(stored.toLowerCase() === tz.toLowerCase() || LEGACY.includes(tz), `${tz} -> ${stored}`).toBe(true);
        accepted.add(stored);
        // What failed before: every read of a learner whose zone the database did not read was a 500.
        if (tz === "US/Pacific-New" || tz === "Canada/East-Saskatchewan") {
          expect(stored).toMatch(/^America\//);
          const queue = await h.app.inject({ url: "/api/review/queue", headers: as(user) });
          expect(queue.statusCode).toBe(200);
          const progress = await h.app.inject({ url: "/api/review/progress?language=en", headers: as(user) });
          expect(progress.statusCode).toBe(200);
          expect(progress.json().timeZone).toBe(stored);
        }
      }
      // The learner's day, in SQL (as the queue and progress count it) and in JavaScript (dayKey), for every zone
      // stored, at instants around midnight UTC and in both halves of the year. In 2024: later rules differ
      // between time zone databases of different dates (Africa/Casablanca from 2026: Debian 12's tzdata 2025b
      // and Node 22's 2026c), which no choice of ours makes agree.
      const zones = [...accepted];
      const instants = ["2024-01-10T00:20:00Z", "2024-03-31T01:30:00Z", "2024-07-15T11:45:00Z", "2024-10-27T23:50:00Z"];
      const { rows } = (await h.database.db.execute(sql`
        select z, t, ((t::timestamptz at time zone z)::date)::text as day
        from json_array_elements_text(${JSON.stringify(zones)}::json) z,
             json_array_elements_text(${JSON.stringify(instants)}::json) t`)) as unknown as {
        rows: { z: string; t: string; day: string }[];
      };
      expect(rows).toHaveLength(zones.length * instants.length);
      const differ = rows.filter((r) => dayKey(new Date(r.t), r.z) !== r.day);
      expect(differ).toEqual([]);
    } finally {
      await h.close();
    }
  }, 120_000);

  it("rewrites zones stored before the check: old names as Intl spells them, unreadable ones and offsets as UTC", async () => {
    const h = await startApp(backend);
    try {
      const db = h.database.db;
      const stored: Record<string, string> = {
        "US/Pacific-New": "America/Los_Angeles",
        "+05:30": "UTC",
        "Canada/East-Saskatchewan": "America/Regina",
        "Mars/Olympus_Mons": "UTC",
        "Europe/Paris": "Europe/Paris",
      };
      const users = new Map<string, string>();
      for (const tz of Object.keys(stored)) {
        const user = newUser();
        users.set(tz, user);
        await learnersOfDevices(db, [user]);
        await db.execute(sql`insert into user_settings (user_id, time_zone) values (${user}::uuid, ${tz})`);
      }
      const before = await h.app.inject({ url: "/api/review/queue", headers: as(users.get("US/Pacific-New") ?? "") });
      expect(before.statusCode).toBe(500);
      expect(await repairTimeZones(db)).toBe(4);
      expect(await repairTimeZones(db)).toBe(0);
      for (const [tz, user] of users) {
        const settings = await h.app.inject({ url: "/api/review/settings", headers: as(user) });
        expect(settings.json().timeZone, tz).toBe(stored[tz]);
        expect((await h.app.inject({ url: "/api/review/queue", headers: as(user) })).statusCode).toBe(200);
      }
    } finally {
      await h.close();
    }
  });
});
