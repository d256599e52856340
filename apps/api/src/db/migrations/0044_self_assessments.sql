CREATE TABLE "self_assessments" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"rubric" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"overall" real,
	"assessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_assessments_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "self_assessments" ADD CONSTRAINT "self_assessments_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;