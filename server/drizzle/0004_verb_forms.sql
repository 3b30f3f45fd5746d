CREATE TABLE "verb_forms" (
	"verb" text PRIMARY KEY NOT NULL,
	"root" text NOT NULL,
	"binyan" text NOT NULL,
	"forms" jsonb NOT NULL
);
