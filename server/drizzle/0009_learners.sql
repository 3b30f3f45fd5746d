CREATE TABLE "code_failures" (
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"learner_id" uuid NOT NULL,
	"public_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 16) NOT NULL,
	"platform" text DEFAULT 'web' NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "link_codes" (
	"hash" text PRIMARY KEY NOT NULL,
	"learner_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"learner_id" uuid PRIMARY KEY NOT NULL,
	"lookup" text NOT NULL,
	"salt" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "support_id" text DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 16)) NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_codes" ADD CONSTRAINT "link_codes_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_failures_key_idx" ON "code_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "devices_learner_idx" ON "devices" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_lookup_idx" ON "recovery_codes" USING btree ("lookup");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_support_id_unique" UNIQUE("support_id");--> statement-breakpoint
-- Every existing user becomes a learner with one device, its own id (decision 0086): no stored id changes meaning.
INSERT INTO "devices" ("id", "learner_id", "first_seen", "last_seen")
SELECT "id", "id", "created_at", "created_at" FROM "users";
