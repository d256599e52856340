CREATE TABLE "analytics_learner_days" (
	"day" date NOT NULL,
	"test_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"attempts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_part_days" (
	"day" date NOT NULL,
	"test_id" uuid NOT NULL,
	"name" text,
	"section_id" uuid,
	"correct" integer,
	"graded" integer
);
--> statement-breakpoint
CREATE TABLE "analytics_pending" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_pending_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"test_id" uuid NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_question_days" (
	"day" date NOT NULL,
	"test_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "analytics_question_days_day_test_id_question_id_pk" PRIMARY KEY("day","test_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_test_days" (
	"day" date NOT NULL,
	"test_id" uuid NOT NULL,
	"attempts" integer NOT NULL,
	"submitted" integer NOT NULL,
	"scored" integer NOT NULL,
	"percent_sum" numeric,
	"buckets" integer[] NOT NULL,
	CONSTRAINT "analytics_test_days_day_test_id_pk" PRIMARY KEY("day","test_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_learner_days_day_idx" ON "analytics_learner_days" USING btree ("day","user_id");--> statement-breakpoint
CREATE INDEX "analytics_learner_days_test_idx" ON "analytics_learner_days" USING btree ("test_id","day","user_id");--> statement-breakpoint
CREATE INDEX "analytics_part_days_day_idx" ON "analytics_part_days" USING btree ("day","test_id");--> statement-breakpoint
CREATE INDEX "analytics_pending_day_idx" ON "analytics_pending" USING btree ("day","test_id");--> statement-breakpoint
CREATE INDEX "analytics_test_days_test_idx" ON "analytics_test_days" USING btree ("test_id","day");--> statement-breakpoint
-- Any change to an attempt appends a mark of its day (UTC, of its start) and test for the rollups'
-- recompute (decision 022): appended, never upserted, so concurrent transactions never wait on a mark.
-- Deferred to commit, so a transaction that changes one attempt several times marks it each time at the end.
CREATE FUNCTION "analytics_mark_attempt"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "analytics_pending" ("day", "test_id")
    VALUES ((OLD."started_at" AT TIME ZONE 'UTC')::date, OLD."test_id");
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW."started_at" IS DISTINCT FROM OLD."started_at"
      OR NEW."test_id" IS DISTINCT FROM OLD."test_id")) THEN
    INSERT INTO "analytics_pending" ("day", "test_id")
    VALUES ((NEW."started_at" AT TIME ZONE 'UTC')::date, NEW."test_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "attempts_analytics_insert" AFTER INSERT ON "attempts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "analytics_mark_attempt"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "attempts_analytics_delete" AFTER DELETE ON "attempts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "analytics_mark_attempt"();
--> statement-breakpoint
-- Only the columns the analytics read: an answer save or a deadline change marks nothing.
CREATE CONSTRAINT TRIGGER "attempts_analytics_update" AFTER UPDATE ON "attempts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."status" IS DISTINCT FROM OLD."status" OR NEW."started_at" IS DISTINCT FROM OLD."started_at"
    OR NEW."test_id" IS DISTINCT FROM OLD."test_id" OR NEW."user_id" IS DISTINCT FROM OLD."user_id"
    OR NEW."organization_id" IS DISTINCT FROM OLD."organization_id"
    OR NEW."correct_count" IS DISTINCT FROM OLD."correct_count"
    OR NEW."question_count" IS DISTINCT FROM OLD."question_count"
    OR NEW."grading" IS DISTINCT FROM OLD."grading" OR NEW."score_total" IS DISTINCT FROM OLD."score_total"
    OR NEW."result" IS DISTINCT FROM OLD."result")
  EXECUTE FUNCTION "analytics_mark_attempt"();
--> statement-breakpoint
-- Backfill: every day and test that has attempts, recomputed by the rollup job (or a page of that range).
INSERT INTO "analytics_pending" ("day", "test_id")
SELECT DISTINCT ("started_at" AT TIME ZONE 'UTC')::date, "test_id" FROM "attempts";
