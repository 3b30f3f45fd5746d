-- 64-bit ids where rows grow with use (issue 31, decision 0088). Every id keeps its value; the sequences go on from
-- where they are, now as bigint.
ALTER TABLE "game_plays" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER SEQUENCE "game_plays_id_seq" AS bigint;--> statement-breakpoint
ALTER TABLE "review_events" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER SEQUENCE "review_events_id_seq" AS bigint;--> statement-breakpoint
ALTER TABLE "review_folds" ALTER COLUMN "folded_id" SET DATA TYPE bigint;
