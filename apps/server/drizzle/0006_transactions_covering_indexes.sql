DROP INDEX "transactions_status_idx";--> statement-breakpoint
DROP INDEX "transactions_amount_idx";--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("account_id","live_mode","kind","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"amount");--> statement-breakpoint
CREATE INDEX "transactions_amount_idx" ON "transactions" USING btree ("account_id","live_mode","kind","amount","id","status","created_at");