CREATE TYPE "public"."answer_kind" AS ENUM('single_choice', 'multiple_choice', 'true_false_not_given', 'gap_fill', 'matching', 'ordering', 'short_answer', 'essay');--> statement-breakpoint
CREATE TYPE "public"."audio_policy" AS ENUM('none', 'play_once', 'free');--> statement-breakpoint
CREATE TYPE "public"."point_method" AS ENUM('table', 'per_question');--> statement-breakpoint
CREATE TYPE "public"."scoring_rule" AS ENUM('all_or_nothing', 'partial', 'manual');--> statement-breakpoint
CREATE TYPE "public"."skill" AS ENUM('listening', 'reading', 'writing', 'speaking');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_formats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"skill" "skill" NOT NULL,
	"instructions_vi" text,
	"instructions_en" text,
	"question_count" integer NOT NULL,
	"time_limit_minutes" integer,
	"allowed_question_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audio_policy" "audio_policy" DEFAULT 'none' NOT NULL,
	"score_section" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"duration_minutes" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"exam_id" uuid NOT NULL,
	"name" text NOT NULL,
	"section" text NOT NULL,
	"method" "point_method" NOT NULL,
	"points_per_question" real,
	"table" jsonb,
	"is_estimate" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"answer_kind" "answer_kind" NOT NULL,
	"scoring_rule" "scoring_rule" DEFAULT 'all_or_nothing' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_formats" ADD CONSTRAINT "exam_formats_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_configs" ADD CONSTRAINT "point_configs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_configs" ADD CONSTRAINT "point_configs_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_types" ADD CONSTRAINT "question_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_owner_slug_key" ON "categories" USING btree (coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid),"slug");--> statement-breakpoint
CREATE INDEX "exam_formats_exam_idx" ON "exam_formats" USING btree ("exam_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_category_slug_key" ON "exams" USING btree ("category_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "levels_owner_code_key" ON "levels" USING btree (coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE INDEX "point_configs_exam_idx" ON "point_configs" USING btree ("exam_id","section");--> statement-breakpoint
CREATE UNIQUE INDEX "question_types_owner_name_key" ON "question_types" USING btree (coalesce("organization_id", '00000000-0000-0000-0000-000000000000'::uuid),"name");