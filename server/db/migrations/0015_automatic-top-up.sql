ALTER TABLE "credit_purchases" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD COLUMN "start_failure" text;--> statement-breakpoint
CREATE INDEX "credit_purchases_automatic_open_idx" ON "credit_purchases" USING btree ("tenant_id","created_at") WHERE automatic and paid_at is null;