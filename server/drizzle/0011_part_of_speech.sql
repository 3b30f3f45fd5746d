-- The true part of speech beside the SPEC's category (decision 0090). Rows loaded before take their category for
-- now; the content's hash is forgotten so the next start loads the content again with the true values.
ALTER TABLE "words" ADD COLUMN "part_of_speech" text;--> statement-breakpoint
UPDATE "words" SET "part_of_speech" = "category";--> statement-breakpoint
ALTER TABLE "words" ALTER COLUMN "part_of_speech" SET NOT NULL;--> statement-breakpoint
DELETE FROM "content_meta" WHERE "key" IN ('hash', 'files');
