CREATE TABLE "dictation_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"exercise_id" uuid NOT NULL,
	"sentences_checked" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictation_days_user_id_day_exercise_id_pk" PRIMARY KEY("user_id","day","exercise_id")
);
--> statement-breakpoint
CREATE TABLE "learner_goals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"exam" text,
	"target_score" real,
	"exam_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dictation_days" ADD CONSTRAINT "dictation_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_goals" ADD CONSTRAINT "learner_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;