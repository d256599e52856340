CREATE TABLE "attempt_highlights" (
	"attempt_id" uuid PRIMARY KEY NOT NULL,
	"highlights" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "byline" text;--> statement-breakpoint
ALTER TABLE "question_types" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "attempt_highlights" ADD CONSTRAINT "attempt_highlights_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;