CREATE TABLE "wallet_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"address" text NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"block_reason" text,
	"blocked_at" timestamp with time zone,
	"is_trusted" boolean DEFAULT false NOT NULL,
	"trust_reason" text,
	"trusted_at" timestamp with time zone,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_addresses_address_unique" UNIQUE("address")
);
--> statement-breakpoint
ALTER TABLE "crypto_currencies" ADD COLUMN "suspension_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crypto_currencies" ADD COLUMN "suspension_changed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "crypto_currencies" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "wallet_addresses" ADD CONSTRAINT "wallet_addresses_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_addresses_updated_idx" ON "wallet_addresses" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "crypto_currencies" ADD CONSTRAINT "crypto_currencies_suspension_changed_by_user_id_users_id_fk" FOREIGN KEY ("suspension_changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;