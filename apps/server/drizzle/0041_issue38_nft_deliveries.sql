CREATE TABLE "nft_deliveries" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"contract_address" text NOT NULL,
	"from_block" numeric NOT NULL,
	"token_id" text,
	"transaction_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nft_deliveries" ADD CONSTRAINT "nft_deliveries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_deliveries_contract_token_idx" ON "nft_deliveries" USING btree ("contract_address","token_id");