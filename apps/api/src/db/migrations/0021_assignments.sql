CREATE TYPE "public"."assignment_answers_shown" AS ENUM('immediately', 'after_close', 'never');--> statement-breakpoint
CREATE TABLE "test_assignment_classes" (
	"assignment_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	CONSTRAINT "test_assignment_classes_assignment_id_class_id_pk" PRIMARY KEY("assignment_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "test_assignment_students" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "test_assignment_students_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "test_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"attempts_allowed" integer DEFAULT 1 NOT NULL,
	"time_limit_minutes" integer,
	"answers_shown" "assignment_answers_shown" DEFAULT 'after_close' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_assignments_window" CHECK ("test_assignments"."closes_at" > "test_assignments"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "assignment_id" uuid;--> statement-breakpoint
ALTER TABLE "test_assignment_classes" ADD CONSTRAINT "test_assignment_classes_assignment_id_test_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."test_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignment_classes" ADD CONSTRAINT "test_assignment_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignment_students" ADD CONSTRAINT "test_assignment_students_assignment_id_test_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."test_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignment_students" ADD CONSTRAINT "test_assignment_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD CONSTRAINT "test_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD CONSTRAINT "test_assignments_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD CONSTRAINT "test_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_assignment_classes_class_idx" ON "test_assignment_classes" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "test_assignment_students_user_idx" ON "test_assignment_students" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "test_assignments_test_idx" ON "test_assignments" USING btree ("test_id","opens_at");--> statement-breakpoint
CREATE INDEX "test_assignments_organization_idx" ON "test_assignments" USING btree ("organization_id","closes_at");--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_assignment_id_test_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."test_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_assignment_idx" ON "attempts" USING btree ("assignment_id","user_id") WHERE "attempts"."assignment_id" is not null;