CREATE TABLE "active_modules" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"source" text NOT NULL,
	"product_id" text,
	"expires_at" timestamp with time zone,
	"event_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlements_user_id_plan_pk" PRIMARY KEY("user_id","plan")
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_uk" text NOT NULL,
	"name_ar" text NOT NULL,
	CONSTRAINT "fields_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "game_plays" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"game_name" text NOT NULL,
	"language" text NOT NULL,
	"platform" text NOT NULL,
	"module_id" integer,
	"level_id" smallint,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letter_vowels" (
	"id" integer PRIMARY KEY NOT NULL,
	"letter_id" integer NOT NULL,
	"nikkud_id" integer NOT NULL,
	"text" text NOT NULL,
	"translit" text NOT NULL,
	"audio_path" text
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" integer PRIMARY KEY NOT NULL,
	"letter" text NOT NULL,
	"name" text NOT NULL,
	"translit" text NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"audio_path" text,
	"description_en" text NOT NULL,
	"description_fr" text NOT NULL,
	"description_es" text NOT NULL,
	"description_ru" text NOT NULL,
	"description_uk" text NOT NULL,
	"description_ar" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_fields" (
	"module_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	CONSTRAINT "module_fields_module_id_field_id_pk" PRIMARY KEY("module_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "module_progress" (
	"user_id" uuid NOT NULL,
	"module_id" integer NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_progress_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"tier" smallint DEFAULT 1 NOT NULL,
	"is_beginner" boolean DEFAULT false NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_uk" text NOT NULL,
	"name_ar" text NOT NULL,
	CONSTRAINT "modules_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "nikkud" (
	"id" integer PRIMARY KEY NOT NULL,
	"mark" text NOT NULL,
	"name" text NOT NULL,
	"sound" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roots" (
	"id" serial PRIMARY KEY NOT NULL,
	"root" text NOT NULL,
	"tr_en" text NOT NULL,
	"tr_fr" text NOT NULL,
	"tr_es" text NOT NULL,
	"tr_ru" text NOT NULL,
	"tr_uk" text NOT NULL,
	"tr_ar" text NOT NULL,
	CONSTRAINT "roots_root_unique" UNIQUE("root")
);
--> statement-breakpoint
CREATE TABLE "sentences" (
	"word_id" integer PRIMARY KEY NOT NULL,
	"he" text NOT NULL,
	"nikkud" text NOT NULL,
	"tr_en" text NOT NULL,
	"tr_fr" text NOT NULL,
	"tr_es" text NOT NULL,
	"tr_ru" text NOT NULL,
	"tr_uk" text NOT NULL,
	"tr_ar" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"preferred_language" text,
	"preferred_level" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_progress" (
	"user_id" uuid NOT NULL,
	"word_id" integer NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"seen" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_progress_user_id_word_id_pk" PRIMARY KEY("user_id","word_id")
);
--> statement-breakpoint
CREATE TABLE "word_roots" (
	"word_id" integer NOT NULL,
	"root_id" integer NOT NULL,
	CONSTRAINT "word_roots_word_id_root_id_pk" PRIMARY KEY("word_id","root_id")
);
--> statement-breakpoint
CREATE TABLE "words" (
	"id" integer PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"position" integer NOT NULL,
	"he" text NOT NULL,
	"nikkud" text NOT NULL,
	"translit" text NOT NULL,
	"category" text NOT NULL,
	"tense" text,
	"verb" text,
	"binyan" text,
	"audio_path" text,
	"tr_en" text NOT NULL,
	"tr_fr" text NOT NULL,
	"tr_es" text NOT NULL,
	"tr_ru" text NOT NULL,
	"tr_uk" text NOT NULL,
	"tr_ar" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "active_modules" ADD CONSTRAINT "active_modules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_vowels" ADD CONSTRAINT "letter_vowels_letter_id_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_vowels" ADD CONSTRAINT "letter_vowels_nikkud_id_nikkud_id_fk" FOREIGN KEY ("nikkud_id") REFERENCES "public"."nikkud"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_fields" ADD CONSTRAINT "module_fields_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_fields" ADD CONSTRAINT "module_fields_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_progress" ADD CONSTRAINT "module_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentences" ADD CONSTRAINT "sentences_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_progress" ADD CONSTRAINT "word_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_roots" ADD CONSTRAINT "word_roots_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_roots" ADD CONSTRAINT "word_roots_root_id_roots_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."roots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "words" ADD CONSTRAINT "words_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_plays_once" ON "game_plays" USING btree ("user_id","session_id","game_name");--> statement-breakpoint
CREATE INDEX "word_roots_root_idx" ON "word_roots" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "words_module_idx" ON "words" USING btree ("module_id","position");