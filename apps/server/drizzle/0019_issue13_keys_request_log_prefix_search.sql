CREATE TABLE "api_request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"api_key_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"latency_ms" integer NOT NULL,
	"request_id" text,
	"ip_address" "inet",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_email_idx";--> statement-breakpoint
DROP INDEX "customers_external_idx";--> statement-breakpoint
DROP INDEX "transactions_external_tx_idx";--> statement-breakpoint
DROP INDEX "transactions_external_customer_idx";--> statement-breakpoint
DROP INDEX "transactions_wallet_idx";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "restrictions" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_request_log" ADD CONSTRAINT "api_request_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_request_log" ADD CONSTRAINT "api_request_log_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_request_log_account_idx" ON "api_request_log" USING btree ("account_id","live_mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_request_log_key_idx" ON "api_request_log" USING btree ("api_key_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_request_log_created_idx" ON "api_request_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("account_id","live_mode",lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_external_idx" ON "customers" USING btree ("account_id","live_mode","external_customer_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_external_tx_idx" ON "transactions" USING btree ("account_id","live_mode","external_transaction_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_external_customer_idx" ON "transactions" USING btree ("account_id","live_mode","external_customer_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transactions_wallet_idx" ON "transactions" USING btree ("account_id","live_mode","wallet_address" text_pattern_ops);