CREATE TABLE "mail_throttle" (
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_throttle_kind_email_pk" PRIMARY KEY("kind","email")
);
