ALTER TABLE "test_assignments" ADD COLUMN "access_code" text;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD COLUMN "allowed_ip_ranges" jsonb;--> statement-breakpoint
ALTER TABLE "test_assignments" ADD COLUMN "single_device" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "holder_device_id" text;