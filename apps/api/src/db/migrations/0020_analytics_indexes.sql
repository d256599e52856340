CREATE INDEX "attempts_started_idx" ON "attempts" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "attempts_user_started_idx" ON "attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "payment_orders_paid_idx" ON "payment_orders" USING btree ("paid_at") WHERE "payment_orders"."status" = 'paid';