ALTER TABLE "ai_generation_jobs" ADD COLUMN "vocabulary_topic_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_generation_jobs" ADD COLUMN "cloze" jsonb;--> statement-breakpoint
ALTER TABLE "vocabulary_words" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "vocabulary_words" ADD COLUMN "audio_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_generation_jobs" ADD CONSTRAINT "ai_generation_jobs_vocabulary_topic_id_vocabulary_topics_id_fk" FOREIGN KEY ("vocabulary_topic_id") REFERENCES "public"."vocabulary_topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_words" ADD CONSTRAINT "vocabulary_words_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_words" ADD CONSTRAINT "vocabulary_words_audio_id_media_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;