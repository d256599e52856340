-- Marking on rubrics (issue 28): a mark names its rubric and overall score, carries inline comments, and is
-- either a teacher's final mark or a machine's draft (one of each per answer). Existing marks were made on
-- the generic rubric (four criteria 0–10) and are teachers' finals; their overall score is their mean.
ALTER TABLE "essay_marks" ADD COLUMN "kind" text DEFAULT 'final' NOT NULL;--> statement-breakpoint
ALTER TABLE "essay_marks" ADD COLUMN "rubric" text DEFAULT 'generic' NOT NULL;--> statement-breakpoint
ALTER TABLE "essay_marks" ADD COLUMN "overall" real;--> statement-breakpoint
ALTER TABLE "essay_marks" ADD COLUMN "comments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "essay_marks" ADD COLUMN "feedback" jsonb;--> statement-breakpoint
ALTER TABLE "essay_marks" ALTER COLUMN "share" DROP NOT NULL;--> statement-breakpoint
UPDATE "essay_marks" SET "overall" = round(("share" * 10)::numeric, 2);--> statement-breakpoint
ALTER TABLE "essay_marks" DROP CONSTRAINT "essay_marks_attempt_id_question_id_pk";--> statement-breakpoint
ALTER TABLE "essay_marks" ADD CONSTRAINT "essay_marks_attempt_id_question_id_kind_pk" PRIMARY KEY("attempt_id","question_id","kind");
--> statement-breakpoint
-- Marking has its own permission now; a role that could mark (it edits tests) keeps marking.
UPDATE "roles" SET "permissions" = array_append("permissions", 'update_marking')
WHERE 'update_test' = ANY("permissions") AND NOT ('update_marking' = ANY("permissions"));
