-- The event log partitioned by hash of the learner in 16 parts, and its archive partitioned the same way (issue 31.5,
-- decisions 0110 and 0111). Every query of the events names the learner and none filters by time, so each reads one
-- partition; a learner's rows and indexes stay together whatever the total.
--
-- Edited by hand from what drizzle-kit generated (the archive table as a plain table): drizzle's schema cannot express
-- PARTITION BY, so schema.ts and meta/0015_snapshot.json describe the columns, keys and indexes (what drizzle-kit
-- compares: `npm run db:generate -w server` finds nothing to do), and this file creates them partitioned. A
-- partitioned table's keys and indexes keep the names drizzle gave them.
--
-- review_events is made anew and filled from the old table (a table cannot be turned into a partitioned one in
-- place): every row and id kept, the id sequence kept (it now belongs to the new table's id, and goes on from where it
-- is), then the old table dropped. Runs inside the migration's transaction on PGlite and PostgreSQL alike.
ALTER TABLE "review_events" RENAME TO "review_events_old";--> statement-breakpoint
ALTER TABLE "review_events_old" RENAME CONSTRAINT "review_events_user_id_id_pk" TO "review_events_old_pk";--> statement-breakpoint
ALTER TABLE "review_events_old" RENAME CONSTRAINT "review_events_user_id_users_id_fk" TO "review_events_old_fk";--> statement-breakpoint
ALTER INDEX "review_events_once" RENAME TO "review_events_old_once";--> statement-breakpoint
ALTER INDEX "review_events_word_idx" RENAME TO "review_events_old_word_idx";--> statement-breakpoint
CREATE TABLE "review_events" (
	"id" bigint DEFAULT nextval('review_events_id_seq'::regclass) NOT NULL,
	"user_id" uuid NOT NULL,
	"client_event_id" text NOT NULL,
	"word_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"game" text NOT NULL,
	"outcome" text NOT NULL,
	"exercise" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_events_user_id_id_pk" PRIMARY KEY("user_id","id")
) PARTITION BY HASH ("user_id");--> statement-breakpoint
CREATE TABLE "review_events_p00" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 0);--> statement-breakpoint
CREATE TABLE "review_events_p01" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 1);--> statement-breakpoint
CREATE TABLE "review_events_p02" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 2);--> statement-breakpoint
CREATE TABLE "review_events_p03" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 3);--> statement-breakpoint
CREATE TABLE "review_events_p04" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 4);--> statement-breakpoint
CREATE TABLE "review_events_p05" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 5);--> statement-breakpoint
CREATE TABLE "review_events_p06" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 6);--> statement-breakpoint
CREATE TABLE "review_events_p07" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 7);--> statement-breakpoint
CREATE TABLE "review_events_p08" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 8);--> statement-breakpoint
CREATE TABLE "review_events_p09" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 9);--> statement-breakpoint
CREATE TABLE "review_events_p10" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 10);--> statement-breakpoint
CREATE TABLE "review_events_p11" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 11);--> statement-breakpoint
CREATE TABLE "review_events_p12" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 12);--> statement-breakpoint
CREATE TABLE "review_events_p13" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 13);--> statement-breakpoint
CREATE TABLE "review_events_p14" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 14);--> statement-breakpoint
CREATE TABLE "review_events_p15" PARTITION OF "review_events" FOR VALUES WITH (MODULUS 16, REMAINDER 15);--> statement-breakpoint
INSERT INTO "review_events" ("id", "user_id", "client_event_id", "word_id", "at", "game", "outcome", "exercise", "received_at") SELECT "id", "user_id", "client_event_id", "word_id", "at", "game", "outcome", "exercise", "received_at" FROM "review_events_old";--> statement-breakpoint
ALTER SEQUENCE "review_events_id_seq" OWNED BY "review_events"."id";--> statement-breakpoint
DROP TABLE "review_events_old";--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_events_once" ON "review_events" USING btree ("user_id","client_event_id");--> statement-breakpoint
CREATE INDEX "review_events_word_idx" ON "review_events" USING btree ("user_id","word_id","at");--> statement-breakpoint
CREATE TABLE "review_events_archive" (
	"id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"client_event_id" text NOT NULL,
	"word_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"game" text NOT NULL,
	"outcome" text NOT NULL,
	"exercise" text,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_events_archive_user_id_id_pk" PRIMARY KEY("user_id","id")
) PARTITION BY HASH ("user_id");--> statement-breakpoint
CREATE TABLE "review_events_archive_p00" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 0);--> statement-breakpoint
CREATE TABLE "review_events_archive_p01" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 1);--> statement-breakpoint
CREATE TABLE "review_events_archive_p02" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 2);--> statement-breakpoint
CREATE TABLE "review_events_archive_p03" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 3);--> statement-breakpoint
CREATE TABLE "review_events_archive_p04" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 4);--> statement-breakpoint
CREATE TABLE "review_events_archive_p05" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 5);--> statement-breakpoint
CREATE TABLE "review_events_archive_p06" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 6);--> statement-breakpoint
CREATE TABLE "review_events_archive_p07" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 7);--> statement-breakpoint
CREATE TABLE "review_events_archive_p08" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 8);--> statement-breakpoint
CREATE TABLE "review_events_archive_p09" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 9);--> statement-breakpoint
CREATE TABLE "review_events_archive_p10" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 10);--> statement-breakpoint
CREATE TABLE "review_events_archive_p11" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 11);--> statement-breakpoint
CREATE TABLE "review_events_archive_p12" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 12);--> statement-breakpoint
CREATE TABLE "review_events_archive_p13" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 13);--> statement-breakpoint
CREATE TABLE "review_events_archive_p14" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 14);--> statement-breakpoint
CREATE TABLE "review_events_archive_p15" PARTITION OF "review_events_archive" FOR VALUES WITH (MODULUS 16, REMAINDER 15);--> statement-breakpoint
ALTER TABLE "review_events_archive" ADD CONSTRAINT "review_events_archive_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_events_archive_once" ON "review_events_archive" USING btree ("user_id","client_event_id");--> statement-breakpoint
CREATE INDEX "review_events_archive_word_idx" ON "review_events_archive" USING btree ("user_id","word_id","at");--> statement-breakpoint
-- A learner's whole history, live and archived: what a replay, a merge, the FSRS fit and the counts read. Not in
-- drizzle's schema (a view drizzle-kit would want to manage); a query on it with user_id = x reads one partition of
-- each table.
CREATE VIEW "review_history" AS
  SELECT "id", "user_id", "client_event_id", "word_id", "at", "game", "outcome", "exercise", "received_at" FROM "review_events"
  UNION ALL
  SELECT "id", "user_id", "client_event_id", "word_id", "at", "game", "outcome", "exercise", "received_at" FROM "review_events_archive";
