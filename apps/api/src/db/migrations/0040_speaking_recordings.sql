ALTER TYPE "public"."answer_kind" ADD VALUE 'speaking';--> statement-breakpoint
CREATE TABLE "recording_chunks" (
	"recording_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_chunks_recording_id_index_pk" PRIMARY KEY("recording_id","index")
);
--> statement-breakpoint
CREATE TABLE "speaking_recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"mime" text,
	"storage_key" text,
	"size_bytes" integer,
	"duration_ms" integer,
	"duration_source" text,
	"chunk_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "recording_chunks" ADD CONSTRAINT "recording_chunks_recording_id_speaking_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."speaking_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speaking_recordings" ADD CONSTRAINT "speaking_recordings_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speaking_recordings" ADD CONSTRAINT "speaking_recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "speaking_recordings_answer_key" ON "speaking_recordings" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "speaking_recordings_uploading_idx" ON "speaking_recordings" USING btree ("created_at") WHERE "speaking_recordings"."status" = 'uploading';