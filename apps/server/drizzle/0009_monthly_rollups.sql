CREATE TABLE "transaction_customer_monthly_sketches" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"hashes" integer[] NOT NULL,
	CONSTRAINT "transaction_customer_monthly_sketches_account_id_live_mode_kind_month_pk" PRIMARY KEY("account_id","live_mode","kind","month")
);
--> statement-breakpoint
CREATE TABLE "transaction_dimension_monthly_rollups" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"tx_count" integer DEFAULT 0 NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"volume_usd" numeric DEFAULT '0' NOT NULL,
	"volume_eur" numeric DEFAULT '0' NOT NULL,
	"volume_gbp" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "transaction_dimension_monthly_rollups_account_id_live_mode_kind_month_dimension_value_pk" PRIMARY KEY("account_id","live_mode","kind","month","dimension","value")
);
--> statement-breakpoint
INSERT INTO "transaction_dimension_monthly_rollups" (account_id, live_mode, kind, month, dimension, value, tx_count, completed_count, volume_usd, volume_eur, volume_gbp)
SELECT account_id, live_mode, kind, date_trunc('month', day)::date, dimension, value, sum(tx_count), sum(completed_count), sum(volume_usd), sum(volume_eur), sum(volume_gbp)
FROM "transaction_dimension_rollups" GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "transaction_customer_monthly_sketches" (account_id, live_mode, kind, month, hashes)
SELECT account_id, live_mode, kind, m, (array_agg(DISTINCT h ORDER BY h))[1:128]
FROM (SELECT account_id, live_mode, kind, date_trunc('month', day)::date AS m, h FROM "transaction_customer_sketches", unnest(hashes) AS h) t
GROUP BY 1, 2, 3, 4;
