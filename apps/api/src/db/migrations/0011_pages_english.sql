ALTER TABLE "pages" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "content_en" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "meta_title_en" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "meta_description_en" text;