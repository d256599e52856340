CREATE TYPE "public"."ai_draft_status" AS ENUM('queued', 'failed', 'cancelled', 'pending_review', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."ai_job_status" AS ENUM('queued', 'running', 'finished', 'cancelled');--> statement-breakpoint
CREATE TABLE "ai_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"status" "ai_draft_status" DEFAULT 'queued' NOT NULL,
	"payload" jsonb,
	"answer_kind" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"prompt" text,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"reject_reason" text,
	"question_id" uuid,
	"edited_by" uuid,
	"edited_at" timestamp with time zone,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_generation_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"format_id" uuid NOT NULL,
	"level_id" uuid,
	"task" text NOT NULL,
	"count" integer NOT NULL,
	"topic" text,
	"source_text" text,
	"explanation_language" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"seed" integer NOT NULL,
	"status" "ai_job_status" DEFAULT 'queued' NOT NULL,
	"run" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_job_id_ai_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."ai_generation_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generation_jobs" ADD CONSTRAINT "ai_generation_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generation_jobs" ADD CONSTRAINT "ai_generation_jobs_format_id_exam_formats_id_fk" FOREIGN KEY ("format_id") REFERENCES "public"."exam_formats"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generation_jobs" ADD CONSTRAINT "ai_generation_jobs_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_generation_jobs" ADD CONSTRAINT "ai_generation_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_drafts_job_idx" ON "ai_drafts" USING btree ("job_id","position");--> statement-breakpoint
CREATE INDEX "ai_drafts_owner_status_idx" ON "ai_drafts" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "ai_generation_jobs_owner_idx" ON "ai_generation_jobs" USING btree ("organization_id","created_at");