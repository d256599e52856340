CREATE TABLE "item_analyses" (
	"test_id" uuid NOT NULL,
	"test_version" integer NOT NULL,
	"scope" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer NOT NULL,
	"question_count" integer NOT NULL,
	"mean" real,
	"median" real,
	"sd" real,
	"max_score" real NOT NULL,
	"alpha" real,
	"sem" real,
	CONSTRAINT "item_analyses_test_id_test_version_scope_pk" PRIMARY KEY("test_id","test_version","scope")
);
--> statement-breakpoint
CREATE TABLE "item_analysis_pending" (
	"test_id" uuid NOT NULL,
	"test_version" integer NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_analysis_pending_test_id_test_version_pk" PRIMARY KEY("test_id","test_version")
);
--> statement-breakpoint
CREATE TABLE "item_analysis_questions" (
	"test_id" uuid NOT NULL,
	"test_version" integer NOT NULL,
	"scope" text NOT NULL,
	"question_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"section_name" text NOT NULL,
	"answer_kind" text NOT NULL,
	"stem" text NOT NULL,
	"group_id" uuid,
	"attempts" integer NOT NULL,
	"facility" real,
	"sd" real,
	"discrimination" real,
	"efficiency" real,
	"skipped_share" real NOT NULL,
	"options" jsonb NOT NULL,
	"flags" jsonb NOT NULL,
	CONSTRAINT "item_analysis_questions_test_id_test_version_scope_question_id_pk" PRIMARY KEY("test_id","test_version","scope","question_id")
);
--> statement-breakpoint
ALTER TABLE "item_analyses" ADD CONSTRAINT "item_analyses_test_id_test_version_test_versions_test_id_version_fk" FOREIGN KEY ("test_id","test_version") REFERENCES "public"."test_versions"("test_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_analysis_pending" ADD CONSTRAINT "item_analysis_pending_test_id_test_version_test_versions_test_id_version_fk" FOREIGN KEY ("test_id","test_version") REFERENCES "public"."test_versions"("test_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_analysis_questions" ADD CONSTRAINT "item_analysis_questions_test_id_test_version_test_versions_test_id_version_fk" FOREIGN KEY ("test_id","test_version") REFERENCES "public"."test_versions"("test_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_analysis_questions_order_idx" ON "item_analysis_questions" USING btree ("test_id","test_version","scope","number");