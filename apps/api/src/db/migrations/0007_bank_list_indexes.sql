DROP INDEX "questions_owner_created_idx";--> statement-breakpoint
DROP INDEX "questions_owner_format_idx";--> statement-breakpoint
CREATE INDEX "questions_platform_list_idx" ON "questions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "questions"."group_id" is null and "questions"."organization_id" is null;--> statement-breakpoint
CREATE INDEX "questions_owner_list_idx" ON "questions" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "questions"."group_id" is null;--> statement-breakpoint
CREATE INDEX "questions_format_list_idx" ON "questions" USING btree ("format_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "questions"."group_id" is null;--> statement-breakpoint
CREATE INDEX "questions_stem_trgm_idx" ON "questions" USING gin ("stem_text" gin_trgm_ops);