ALTER TABLE "sentences" ADD COLUMN "gap_word" smallint;--> statement-breakpoint
ALTER TABLE "sentences" ADD COLUMN "gap_prefix" smallint;--> statement-breakpoint
ALTER TABLE "words" ADD COLUMN "picture" text;--> statement-breakpoint
-- Pictures and cloze gaps come from the content (issue 28): forget its hash so that the next start loads it again.
DELETE FROM "content_meta" WHERE "key" IN ('hash', 'files');
