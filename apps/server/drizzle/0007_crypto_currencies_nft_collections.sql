CREATE TABLE "crypto_currencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"type" text DEFAULT 'crypto' NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"address_regex" text NOT NULL,
	"supports_address_tag" boolean DEFAULT false NOT NULL,
	"network_code" text NOT NULL,
	"supports_test_mode" boolean DEFAULT false NOT NULL,
	"is_sell_supported" boolean DEFAULT false NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"is_suspended_us" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "nft_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"contract_address" text NOT NULL,
	"contract_type" text NOT NULL,
	"network_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nft_collections" ADD CONSTRAINT "nft_collections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_collections_account_idx" ON "nft_collections" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_collections_account_contract_unique" ON "nft_collections" USING btree ("account_id","network_code","contract_address");