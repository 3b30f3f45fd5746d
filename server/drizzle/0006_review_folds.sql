CREATE TABLE "review_folds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"folded_id" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "review_events_at_idx";--> statement-breakpoint
ALTER TABLE "review_events" DROP CONSTRAINT "review_events_pkey";--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_user_id_id_pk" PRIMARY KEY("user_id","id");--> statement-breakpoint
ALTER TABLE "review_folds" ADD CONSTRAINT "review_folds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Cards stored before this migration already hold every event: their learners' cursors start at their last one.
INSERT INTO "review_folds" ("user_id", "folded_id") SELECT "user_id", max("id") FROM "review_events" GROUP BY "user_id";
