CREATE TABLE "affiliate_payout_configurations" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"currency_id" text NOT NULL,
	"wallet_address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"type" text NOT NULL,
	"display_value" text NOT NULL,
	"secret_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nft_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"base_nft_testnet_url" text,
	"base_nft_url" text,
	"is_lite_nft_flow_allowed" boolean DEFAULT false NOT NULL,
	"is_nft_commerce_flow_allowed" boolean DEFAULT false NOT NULL,
	"wallet_display_mode" text DEFAULT 'EDITABLE' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_payout_configurations" ADD CONSTRAINT "affiliate_payout_configurations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_accounts" ADD CONSTRAINT "nft_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","live_mode","type");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_unique" ON "api_keys" USING btree ("secret_hash");