CREATE TABLE "review_days" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "review_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "review_cards" ADD COLUMN "recall_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_cards" ADD COLUMN "last_recall_day" text;--> statement-breakpoint
ALTER TABLE "review_cards" ADD COLUMN "produced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_cards" ADD COLUMN "last_miss_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "review_events" ADD COLUMN "exercise" text;--> statement-breakpoint
ALTER TABLE "review_days" ADD CONSTRAINT "review_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every card is refolded from its events under the new grades (decision 0067): with no card and no cursor, a
-- learner's next read folds their whole history again, and counts their days.
DELETE FROM "review_cards";--> statement-breakpoint
DELETE FROM "review_folds";
