CREATE TABLE "recording_transcripts" (
	"recording_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text,
	"text" text,
	"error" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transcribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recording_transcripts" ADD CONSTRAINT "recording_transcripts_recording_id_speaking_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."speaking_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_transcripts_retry_idx" ON "recording_transcripts" USING btree ("next_try_at") WHERE "recording_transcripts"."status" = 'failed';