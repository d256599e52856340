CREATE TABLE "attempt_audio_plays" (
	"attempt_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_audio_plays_attempt_id_media_id_pk" PRIMARY KEY("attempt_id","media_id")
);
--> statement-breakpoint
ALTER TABLE "exam_formats" ADD COLUMN "heard_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attempt_audio_plays" ADD CONSTRAINT "attempt_audio_plays_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Parts 1–2 of the platform's TOEIC Listening & Reading are heard only (issue 14).
UPDATE "exam_formats" SET "heard_only" = true
WHERE "position" IN (0, 1) AND "exam_id" IN (
  SELECT e."id" FROM "exams" e JOIN "categories" c ON c."id" = e."category_id"
  WHERE c."organization_id" IS NULL AND c."slug" = 'toeic' AND e."slug" = 'listening-reading'
);
