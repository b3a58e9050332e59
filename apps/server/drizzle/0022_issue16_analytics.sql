CREATE TABLE "customer_active_months" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"month" date NOT NULL,
	"tx_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_active_months_account_id_live_mode_kind_customer_id_month_pk" PRIMARY KEY("account_id","live_mode","kind","customer_id","month")
);
--> statement-breakpoint
CREATE TABLE "customer_cohort_rollups" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"cohort_month" date NOT NULL,
	"activity_month" date NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_cohort_rollups_account_id_live_mode_kind_cohort_month_activity_month_pk" PRIMARY KEY("account_id","live_mode","kind","cohort_month","activity_month")
);
--> statement-breakpoint
CREATE TABLE "customer_daily_rollups" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_daily_rollups_account_id_live_mode_kind_day_pk" PRIMARY KEY("account_id","live_mode","kind","day")
);
--> statement-breakpoint
CREATE TABLE "customer_first_days" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	CONSTRAINT "customer_first_days_account_id_live_mode_kind_customer_id_pk" PRIMARY KEY("account_id","live_mode","kind","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customer_monthly_rollups" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"active_customers" integer DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_monthly_rollups_account_id_live_mode_kind_month_pk" PRIMARY KEY("account_id","live_mode","kind","month")
);
--> statement-breakpoint
CREATE TABLE "transaction_failure_rollups" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"tx_count" integer DEFAULT 0 NOT NULL,
	"volume_usd" numeric DEFAULT '0' NOT NULL,
	"volume_eur" numeric DEFAULT '0' NOT NULL,
	"volume_gbp" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "transaction_failure_rollups_account_id_live_mode_kind_day_reason_pk" PRIMARY KEY("account_id","live_mode","kind","day","reason")
);
--> statement-breakpoint
CREATE TABLE "widget_funnel_rollups" (
	"account_id" uuid NOT NULL,
	"live_mode" boolean NOT NULL,
	"flow" text NOT NULL,
	"day" date NOT NULL,
	"step" text NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_funnel_rollups_account_id_live_mode_flow_day_step_pk" PRIMARY KEY("account_id","live_mode","flow","day","step")
);
