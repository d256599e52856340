CREATE TABLE "analytics_learner_part_days" (
	"day" date NOT NULL,
	"test_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"name" text,
	"section_id" uuid,
	"correct" integer,
	"graded" integer
);
--> statement-breakpoint
CREATE TABLE "analytics_learner_type_days" (
	"day" date NOT NULL,
	"test_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"question_type_id" uuid NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_learner_days" ADD COLUMN "submitted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_learner_days" ADD COLUMN "scored" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_learner_days" ADD COLUMN "percent_sum" numeric;--> statement-breakpoint
ALTER TABLE "analytics_learner_days" ADD COLUMN "buckets" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_learner_part_days_user_idx" ON "analytics_learner_part_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "analytics_learner_part_days_day_idx" ON "analytics_learner_part_days" USING btree ("day","test_id");--> statement-breakpoint
CREATE INDEX "analytics_learner_type_days_user_idx" ON "analytics_learner_type_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "analytics_learner_type_days_day_idx" ON "analytics_learner_type_days" USING btree ("day","test_id");--> statement-breakpoint
-- A question's type is read when its answers are rolled up per learner (an organization's weakest question
-- types): changing it marks every day and test it was answered on (analytics_question_days), recomputed
-- from their attempts as any other mark (decision 022, second amendment).
CREATE FUNCTION "analytics_mark_question_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_pending" ("day", "test_id")
  SELECT DISTINCT "day", "test_id" FROM "analytics_question_days" WHERE "question_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "questions_analytics_type" AFTER UPDATE ON "questions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."question_type_id" IS DISTINCT FROM OLD."question_type_id")
  EXECUTE FUNCTION "analytics_mark_question_type"();
--> statement-breakpoint
-- Backfill: every day and test with learner rows is recomputed (by the rollup job, or a page of its range)
-- with the learners' new figures, parts and question types; until then an organization's view of a range
-- with many marks counts directly, as the platform's did after migration 0033.
INSERT INTO "analytics_pending" ("day", "test_id")
SELECT DISTINCT "day", "test_id" FROM "analytics_learner_days";
