CREATE TABLE "edd_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"flag_reason" text NOT NULL,
	"flagged_by" uuid,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edd_reviews" ADD CONSTRAINT "edd_reviews_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edd_reviews" ADD CONSTRAINT "edd_reviews_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edd_reviews_queue_idx" ON "edd_reviews" USING btree ("created_at","id") WHERE status = 'Pending';--> statement-breakpoint
CREATE UNIQUE INDEX "edd_reviews_one_pending_idx" ON "edd_reviews" USING btree ("customer_id") WHERE status = 'Pending';--> statement-breakpoint
CREATE INDEX "edd_reviews_customer_idx" ON "edd_reviews" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_staff_email_idx" ON "customers" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_staff_external_idx" ON "customers" USING btree ("external_customer_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_staff_list_idx" ON "customers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);