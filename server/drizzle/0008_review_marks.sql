CREATE TABLE "review_marks" (
	"user_id" uuid NOT NULL,
	"word_id" integer NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"event_id" text NOT NULL,
	"card" jsonb NOT NULL,
	CONSTRAINT "review_marks_user_id_word_id_at_event_id_pk" PRIMARY KEY("user_id","word_id","at","event_id")
);
--> statement-breakpoint
ALTER TABLE "review_marks" ADD CONSTRAINT "review_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;