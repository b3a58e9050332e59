-- The customer index carries account, mode and kind (INCLUDE; Drizzle's schema cannot say INCLUDE, so only here), so a
-- search by a customer's e-mail and its count are answered from the index without visiting each transaction.
DROP INDEX IF EXISTS "transactions_customer_idx";--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("account_id","live_mode","kind");
