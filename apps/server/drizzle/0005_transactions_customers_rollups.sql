CREATE TABLE "customer_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"brand" text NOT NULL,
	"last_digits" text NOT NULL,
	"expiry_month" smallint NOT NULL,
	"expiry_year" smallint NOT NULL,
	"card_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"review_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"external_customer_id" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"country" text,
	"default_currency" text,
	"kyc_level" text DEFAULT 'Basic' NOT NULL,
	"identity_check_status" text DEFAULT 'NotStarted' NOT NULL,
	"identity_check_result" text,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"blocked_at" timestamp with time zone,
	"blocked_by" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_customer_sketches" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"hashes" integer[] NOT NULL,
	CONSTRAINT "transaction_customer_sketches_account_id_live_mode_kind_day_pk" PRIMARY KEY("account_id","live_mode","kind","day")
);
--> statement-breakpoint
CREATE TABLE "transaction_dimension_rollups" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"tx_count" integer DEFAULT 0 NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"volume_usd" numeric DEFAULT '0' NOT NULL,
	"volume_eur" numeric DEFAULT '0' NOT NULL,
	"volume_gbp" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "transaction_dimension_rollups_account_id_live_mode_kind_day_dimension_value_pk" PRIMARY KEY("account_id","live_mode","kind","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "transaction_rollups" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"tx_count" integer DEFAULT 0 NOT NULL,
	"volume_usd" numeric DEFAULT '0' NOT NULL,
	"volume_eur" numeric DEFAULT '0' NOT NULL,
	"volume_gbp" numeric DEFAULT '0' NOT NULL,
	"fee_usd" numeric DEFAULT '0' NOT NULL,
	"fee_eur" numeric DEFAULT '0' NOT NULL,
	"fee_gbp" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "transaction_rollups_account_id_live_mode_kind_day_status_pk" PRIMARY KEY("account_id","live_mode","kind","day","status")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"balance_type" text,
	"is_nft" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"detailed_status" text,
	"pending_action_status" text,
	"is_waiting_kyc" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"flow" text,
	"is_quote_expired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" uuid,
	"external_customer_id" text,
	"external_transaction_id" text,
	"base_currency_code" text NOT NULL,
	"quote_currency_code" text,
	"fiat_currency_code" text NOT NULL,
	"amount" numeric NOT NULL,
	"base_currency_amount" numeric NOT NULL,
	"quote_currency_amount" numeric,
	"original_base_currency_amount" numeric,
	"fee_amount" numeric DEFAULT '0' NOT NULL,
	"extra_fee_amount" numeric DEFAULT '0' NOT NULL,
	"network_fee_amount" numeric DEFAULT '0' NOT NULL,
	"usd_rate" numeric NOT NULL,
	"eur_rate" numeric NOT NULL,
	"gbp_rate" numeric NOT NULL,
	"payment_method" text,
	"country" text,
	"network_code" text,
	"crypto_transaction_id" text,
	"wallet_address" text,
	"wallet_address_tag" text,
	"user_agent" text,
	"nft_transaction" jsonb,
	"defi_buy_transaction" jsonb,
	"refund_wallet_address" text,
	"deposit_hash" text,
	"refund_approval_status" text,
	"refund_hash" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"refund_approved_at" timestamp with time zone,
	"refund_approved_by" uuid,
	"quote" jsonb,
	"deposit_wallet_address" text,
	"refund_transaction_hash" text,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_cards" ADD CONSTRAINT "customer_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_files" ADD CONSTRAINT "customer_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_cards_customer_idx" ON "customer_cards" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_files_customer_idx" ON "customer_files" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_list_idx" ON "customers" USING btree ("account_id","live_mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("account_id","live_mode",lower("email"));--> statement-breakpoint
CREATE INDEX "customers_external_idx" ON "customers" USING btree ("account_id","live_mode","external_customer_id");--> statement-breakpoint
CREATE INDEX "transactions_list_idx" ON "transactions" USING btree ("account_id","live_mode","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","amount");--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("account_id","live_mode","kind","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_amount_idx" ON "transactions" USING btree ("account_id","live_mode","kind","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_external_tx_idx" ON "transactions" USING btree ("account_id","live_mode","external_transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_external_customer_idx" ON "transactions" USING btree ("account_id","live_mode","external_customer_id");--> statement-breakpoint
CREATE INDEX "transactions_wallet_idx" ON "transactions" USING btree ("account_id","live_mode","wallet_address");--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_nft_idx" ON "transactions" USING btree ("account_id","live_mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "transactions"."is_nft";