ALTER TYPE "public"."order_kind" ADD VALUE 'organization_package';--> statement-breakpoint
CREATE TABLE "organization_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_vi" text NOT NULL,
	"name_en" text NOT NULL,
	"price_vnd" integer NOT NULL,
	"period_months" integer NOT NULL,
	"student_seats" integer NOT NULL,
	"staff_accounts" integer NOT NULL,
	"tests" integer NOT NULL,
	"ai_credits" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_packages_price_positive" CHECK ("organization_packages"."price_vnd" > 0),
	CONSTRAINT "organization_packages_period_positive" CHECK ("organization_packages"."period_months" > 0)
);
--> statement-breakpoint
CREATE TABLE "organization_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"order_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_subscriptions_period" CHECK ("organization_subscriptions"."ends_at" > "organization_subscriptions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "organization_package_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_subscriptions" ADD CONSTRAINT "organization_subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_subscriptions" ADD CONSTRAINT "organization_subscriptions_package_id_organization_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."organization_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_subscriptions" ADD CONSTRAINT "organization_subscriptions_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_subscriptions_order_key" ON "organization_subscriptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "organization_subscriptions_organization_idx" ON "organization_subscriptions" USING btree ("organization_id","ends_at");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_organization_package_id_organization_packages_id_fk" FOREIGN KEY ("organization_package_id") REFERENCES "public"."organization_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_organization_idx" ON "payment_orders" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_package_has_organization" CHECK (("payment_orders"."kind"::text = 'organization_package') = ("payment_orders"."organization_package_id" is not null and "payment_orders"."organization_id" is not null));