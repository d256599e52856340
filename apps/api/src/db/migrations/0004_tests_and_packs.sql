CREATE TYPE "public"."answer_visibility" AS ENUM('after_submit', 'never');--> statement-breakpoint
CREATE TYPE "public"."test_access" AS ENUM('free', 'pack');--> statement-breakpoint
CREATE TYPE "public"."test_status" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
CREATE TABLE "pack_tests" (
	"pack_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "pack_tests_pack_id_test_id_pk" PRIMARY KEY("pack_id","test_id")
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"price_vnd" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"status" "test_status" DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" uuid,
	"group_id" uuid,
	CONSTRAINT "test_items_one_target" CHECK (("test_items"."question_id" is null) <> ("test_items"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "test_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"format_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_versions" (
	"test_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"question_count" integer NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_versions_test_id_version_pk" PRIMARY KEY("test_id","version")
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"exam_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"cover_id" uuid,
	"duration_minutes" integer NOT NULL,
	"status" "test_status" DEFAULT 'draft' NOT NULL,
	"access" "test_access" DEFAULT 'free' NOT NULL,
	"attempts_allowed" integer,
	"answer_visibility" "answer_visibility" DEFAULT 'after_submit' NOT NULL,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pack_tests" ADD CONSTRAINT "pack_tests_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_tests" ADD CONSTRAINT "pack_tests_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_items" ADD CONSTRAINT "test_items_section_id_test_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."test_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_items" ADD CONSTRAINT "test_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_items" ADD CONSTRAINT "test_items_group_id_question_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."question_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sections" ADD CONSTRAINT "test_sections_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_sections" ADD CONSTRAINT "test_sections_format_id_exam_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."exam_formats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_versions" ADD CONSTRAINT "test_versions_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_versions" ADD CONSTRAINT "test_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_cover_id_media_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_tests_test_idx" ON "pack_tests" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packs_owner_slug_key" ON "packs" USING btree (coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid),"slug");--> statement-breakpoint
CREATE INDEX "test_items_section_idx" ON "test_items" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "test_items_question_idx" ON "test_items" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "test_items_group_idx" ON "test_items" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_sections_test_format_key" ON "test_sections" USING btree ("test_id","format_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tests_owner_slug_key" ON "tests" USING btree (coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid),"slug");--> statement-breakpoint
CREATE INDEX "tests_owner_status_idx" ON "tests" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tests_exam_idx" ON "tests" USING btree ("exam_id");