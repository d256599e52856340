CREATE TABLE "essay_marks" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"criteria" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"share" real NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "essay_marks_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "test_assignments" ADD COLUMN "results_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "essay_marks" ADD CONSTRAINT "essay_marks_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essay_marks" ADD CONSTRAINT "essay_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;