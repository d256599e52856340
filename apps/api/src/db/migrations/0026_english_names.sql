ALTER TABLE "categories" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "exam_formats" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "title_en" text;