CREATE TABLE "attempt_integrity_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"question_id" uuid,
	"detail" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "attempt_integrity_events" ADD CONSTRAINT "attempt_integrity_events_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempt_integrity_events_client_idx" ON "attempt_integrity_events" USING btree ("attempt_id","client_id");--> statement-breakpoint
CREATE INDEX "attempt_integrity_events_time_idx" ON "attempt_integrity_events" USING btree ("attempt_id","occurred_at");