CREATE TABLE "analytics_learner_returns" (
	"day" date NOT NULL,
	"test_id" uuid,
	"previous_day" date,
	"learners" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_organization_days" (
	"day" date NOT NULL,
	"test_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"attempts" integer NOT NULL,
	CONSTRAINT "analytics_organization_days_day_test_id_organization_id_pk" PRIMARY KEY("day","test_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_pending" ADD COLUMN "derived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_learner_returns_day_idx" ON "analytics_learner_returns" USING btree ("test_id","day");--> statement-breakpoint
CREATE INDEX "analytics_organization_days_test_idx" ON "analytics_organization_days" USING btree ("test_id","day");--> statement-breakpoint
CREATE INDEX "analytics_learner_days_user_idx" ON "analytics_learner_days" USING btree ("user_id","day","test_id");
--> statement-breakpoint
-- A learner joining or leaving an organization (or moved to another) changes which organizations their
-- attempts count for among the most active ones (today's membership, as the direct count reads it): a
-- `derived` mark of each of their days and tests recomputes those days' organization rows from the learner
-- rows, no attempt read (decision 022, amended). The shared advisory lock is the refresh's (REFRESH_LOCK
-- in modules/people/analytics-rollups.ts): a refresh waits for this transaction's commit, and this one
-- reads the learner's days after a running refresh has committed, so either the refresh sees the new
-- membership or these marks see the refreshed days.
CREATE FUNCTION "analytics_mark_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1634626681);
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "analytics_pending" ("day", "test_id", "derived")
    SELECT DISTINCT "day", "test_id", true FROM "analytics_learner_days" WHERE "user_id" = OLD."user_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    INSERT INTO "analytics_pending" ("day", "test_id", "derived")
    SELECT DISTINCT "day", "test_id", true FROM "analytics_learner_days" WHERE "user_id" = NEW."user_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organization_students_analytics_insert" AFTER INSERT ON "organization_students"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "analytics_mark_membership"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "organization_students_analytics_delete" AFTER DELETE ON "organization_students"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "analytics_mark_membership"();
--> statement-breakpoint
-- Only the columns the organization rows read: a status, note or roster-number change marks nothing.
CREATE CONSTRAINT TRIGGER "organization_students_analytics_update" AFTER UPDATE ON "organization_students"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."organization_id" IS DISTINCT FROM OLD."organization_id" OR NEW."user_id" IS DISTINCT FROM OLD."user_id")
  EXECUTE FUNCTION "analytics_mark_membership"();
--> statement-breakpoint
-- Backfill from the learner rows as they are (a day and test still marked is recomputed later, with the
-- next days of its learners): each learner's previous active day, any test and per test, kept when within
-- 365 days (the longest range's reach: ANALYTICS_MAX_DAYS - 1), and the organizations' attempts.
INSERT INTO "analytics_learner_returns" ("day", "test_id", "previous_day", "learners")
SELECT "day", NULL, CASE WHEN "previous_day" >= "day" - 365 THEN "previous_day" END, count(*)
FROM (
  SELECT "day", lag("day") OVER (PARTITION BY "user_id" ORDER BY "day") AS "previous_day"
  FROM (SELECT DISTINCT "day", "user_id" FROM "analytics_learner_days") l
) r
GROUP BY 1, 3;
--> statement-breakpoint
INSERT INTO "analytics_learner_returns" ("day", "test_id", "previous_day", "learners")
SELECT "day", "test_id", CASE WHEN "previous_day" >= "day" - 365 THEN "previous_day" END, count(*)
FROM (
  SELECT "day", "test_id", lag("day") OVER (PARTITION BY "user_id", "test_id" ORDER BY "day") AS "previous_day"
  FROM (SELECT DISTINCT "day", "test_id", "user_id" FROM "analytics_learner_days") l
) r
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "analytics_organization_days" ("day", "test_id", "organization_id", "attempts")
SELECT l."day", l."test_id", os."organization_id", sum(l."attempts")
FROM "analytics_learner_days" l
JOIN "organization_students" os ON os."user_id" = l."user_id"
  AND (l."organization_id" IS NULL OR l."organization_id" = os."organization_id")
GROUP BY 1, 2, 3;
