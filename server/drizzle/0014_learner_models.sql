CREATE TABLE "learner_models" (
	"user_id" uuid NOT NULL,
	"milestone" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fitted_at" timestamp with time zone,
	"weights" jsonb,
	"train_reviews" integer,
	"held_out_reviews" integer,
	"measured" integer,
	"default_log_loss" double precision,
	"default_rmse" double precision,
	"fitted_log_loss" double precision,
	"fitted_rmse" double precision,
	"adopted" boolean DEFAULT false NOT NULL,
	"in_force_from" timestamp (3) with time zone,
	"error" text,
	CONSTRAINT "learner_models_user_id_milestone_pk" PRIMARY KEY("user_id","milestone")
);
--> statement-breakpoint
ALTER TABLE "learner_models" ADD CONSTRAINT "learner_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;