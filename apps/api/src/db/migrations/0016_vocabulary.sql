CREATE TABLE "vocabulary_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"word_id" uuid NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary_review_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"state_before" smallint NOT NULL,
	"state_after" smallint NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"stability_after" double precision NOT NULL,
	"difficulty_after" double precision NOT NULL,
	"due_after" timestamp with time zone NOT NULL,
	"desired_retention" real NOT NULL,
	"card_before" jsonb NOT NULL,
	"client_id" uuid,
	"reviewed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"desired_retention" real DEFAULT 0.9 NOT NULL,
	"new_cards_per_day" integer DEFAULT 20 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary_topic_words" (
	"topic_id" uuid NOT NULL,
	"word_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vocabulary_topic_words_topic_id_word_id_pk" PRIMARY KEY("topic_id","word_id")
);
--> statement-breakpoint
CREATE TABLE "vocabulary_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"description_vi" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"level" text NOT NULL,
	"exam" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vocabulary_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"headword" text NOT NULL,
	"part_of_speech" text NOT NULL,
	"ipa" text DEFAULT '' NOT NULL,
	"meaning_vi" text NOT NULL,
	"definition_en" text NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vocabulary_cards" ADD CONSTRAINT "vocabulary_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_cards" ADD CONSTRAINT "vocabulary_cards_word_id_vocabulary_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."vocabulary_words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_review_logs" ADD CONSTRAINT "vocabulary_review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_review_logs" ADD CONSTRAINT "vocabulary_review_logs_card_id_vocabulary_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."vocabulary_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_settings" ADD CONSTRAINT "vocabulary_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_topic_words" ADD CONSTRAINT "vocabulary_topic_words_topic_id_vocabulary_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."vocabulary_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_topic_words" ADD CONSTRAINT "vocabulary_topic_words_word_id_vocabulary_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."vocabulary_words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vocabulary_cards_user_word_key" ON "vocabulary_cards" USING btree ("user_id","word_id");--> statement-breakpoint
CREATE INDEX "vocabulary_cards_due_idx" ON "vocabulary_cards" USING btree ("user_id","due") WHERE "vocabulary_cards"."state" <> 0;--> statement-breakpoint
CREATE INDEX "vocabulary_cards_new_idx" ON "vocabulary_cards" USING btree ("user_id","created_at") WHERE "vocabulary_cards"."state" = 0;--> statement-breakpoint
CREATE INDEX "vocabulary_review_logs_user_idx" ON "vocabulary_review_logs" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "vocabulary_review_logs_card_idx" ON "vocabulary_review_logs" USING btree ("card_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vocabulary_review_logs_client_key" ON "vocabulary_review_logs" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE INDEX "vocabulary_topic_words_word_idx" ON "vocabulary_topic_words" USING btree ("word_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vocabulary_topics_slug_key" ON "vocabulary_topics" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "vocabulary_topics_public_idx" ON "vocabulary_topics" USING btree ("published","position");--> statement-breakpoint
CREATE UNIQUE INDEX "vocabulary_words_headword_pos_key" ON "vocabulary_words" USING btree (lower("headword"),"part_of_speech");