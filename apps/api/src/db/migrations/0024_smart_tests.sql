CREATE TYPE "public"."test_kind" AS ENUM('manual', 'smart');--> statement-breakpoint
CREATE TABLE "test_blueprint_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"count" integer NOT NULL,
	"level_id" uuid,
	"question_type_id" uuid,
	"tag" text,
	CONSTRAINT "test_blueprint_rows_count_positive" CHECK ("test_blueprint_rows"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_draws" (
	"test_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"base_version" integer NOT NULL,
	"user_id" uuid,
	"assignment_id" uuid,
	"question_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_draws_test_id_version_pk" PRIMARY KEY("test_id","version")
);
--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "kind" "test_kind" DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_blueprint_rows" ADD CONSTRAINT "test_blueprint_rows_section_id_test_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."test_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_blueprint_rows" ADD CONSTRAINT "test_blueprint_rows_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_blueprint_rows" ADD CONSTRAINT "test_blueprint_rows_question_type_id_question_types_id_fk" FOREIGN KEY ("question_type_id") REFERENCES "public"."question_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_draws" ADD CONSTRAINT "test_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_draws" ADD CONSTRAINT "test_draws_test_id_version_test_versions_test_id_version_fk" FOREIGN KEY ("test_id","version") REFERENCES "public"."test_versions"("test_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_blueprint_rows_section_idx" ON "test_blueprint_rows" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "test_draws_usage_idx" ON "test_draws" USING btree ("test_id","assignment_id");