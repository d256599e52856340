CREATE TABLE "notebook_items" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"test_version" integer NOT NULL,
	"section_id" text NOT NULL,
	"part_name" text NOT NULL,
	"type_id" text NOT NULL,
	"type_name" text NOT NULL,
	"attempt_id" uuid,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"last_outcome" text,
	"last_answer" jsonb,
	"last_wrong_at" timestamp with time zone,
	"learned_at" timestamp with time zone,
	"bookmarked" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notebook_items_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "question_ids" jsonb;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "source_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "notebook_items" ADD CONSTRAINT "notebook_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_items" ADD CONSTRAINT "notebook_items_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notebook_items" ADD CONSTRAINT "notebook_items_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notebook_items_user_recent_idx" ON "notebook_items" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "notebook_items_user_test_idx" ON "notebook_items" USING btree ("user_id","test_id");--> statement-breakpoint
CREATE INDEX "notebook_items_user_bookmarked_idx" ON "notebook_items" USING btree ("user_id") WHERE "notebook_items"."bookmarked";--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_source_attempt_id_attempts_id_fk" FOREIGN KEY ("source_attempt_id") REFERENCES "public"."attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_source_idx" ON "attempts" USING btree ("source_attempt_id") WHERE "attempts"."source_attempt_id" is not null;