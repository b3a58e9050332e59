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
--> statement-breakpoint
-- Hand-written from here (decision 0015): the customer rollups' maintainer, the widget_events index the status
-- change path needs, and the backfill of existing data.
CREATE INDEX "widget_events_transaction_idx" ON "widget_events" USING btree ("transaction_id") WHERE "transaction_id" IS NOT NULL;
--> statement-breakpoint
-- One transaction started by a customer, for one kind (called for the transaction's kind and for 'all'). The
-- customer's customer_first_days row is locked first, so one customer's changes are serialized; every counter is
-- changed by one ordered upsert per table. A back-fill (a day before the customer's first) moves the first day and,
-- when the cohort month changes, every active month of the customer from the old cohort to the new one.
CREATE OR REPLACE FUNCTION analytics_customer_seen(p_account uuid, p_live boolean, p_kind text, p_customer uuid, p_day date)
RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  v_month date := date_trunc('month', p_day)::date;
  v_old_first date;
  v_is_new boolean;
  v_backfill boolean := false;
  v_old_cohort date;
  v_cohort date;
  v_tx_count integer;
  v_new_month boolean;
BEGIN
  INSERT INTO customer_first_days (account_id, live_mode, kind, customer_id, first_day)
  VALUES (p_account, p_live, p_kind, p_customer, p_day)
  ON CONFLICT DO NOTHING;
  v_is_new := FOUND;
  IF NOT v_is_new THEN
    SELECT first_day INTO v_old_first FROM customer_first_days
    WHERE account_id = p_account AND live_mode = p_live AND kind = p_kind AND customer_id = p_customer
    FOR UPDATE;
    IF p_day < v_old_first THEN
      v_backfill := true;
      UPDATE customer_first_days SET first_day = p_day
      WHERE account_id = p_account AND live_mode = p_live AND kind = p_kind AND customer_id = p_customer;
    END IF;
  END IF;
  v_cohort := date_trunc('month', CASE WHEN v_old_first IS NULL OR p_day < v_old_first THEN p_day ELSE v_old_first END)::date;
  v_old_cohort := date_trunc('month', v_old_first)::date;

  INSERT INTO customer_active_months AS r (account_id, live_mode, kind, customer_id, month, tx_count)
  VALUES (p_account, p_live, p_kind, p_customer, v_month, 1)
  ON CONFLICT (account_id, live_mode, kind, customer_id, month) DO UPDATE SET tx_count = r.tx_count + 1
  RETURNING tx_count INTO v_tx_count;
  v_new_month := v_tx_count = 1;

  IF v_is_new OR v_backfill THEN
    INSERT INTO customer_daily_rollups AS r (account_id, live_mode, kind, day, new_customers)
    SELECT p_account, p_live, p_kind, d.day, sum(d.delta)
    FROM (VALUES (p_day, 1), (CASE WHEN v_backfill THEN v_old_first END, -1)) AS d(day, delta)
    WHERE d.day IS NOT NULL GROUP BY d.day ORDER BY d.day
    ON CONFLICT (account_id, live_mode, kind, day) DO UPDATE SET new_customers = r.new_customers + excluded.new_customers;
    IF v_backfill THEN
      DELETE FROM customer_daily_rollups
      WHERE account_id = p_account AND live_mode = p_live AND kind = p_kind AND day = v_old_first AND new_customers = 0;
    END IF;
  END IF;

  IF v_is_new OR v_backfill OR v_new_month THEN
    INSERT INTO customer_monthly_rollups AS r (account_id, live_mode, kind, month, active_customers, new_customers)
    SELECT p_account, p_live, p_kind, d.month, sum(d.active), sum(d.new)
    FROM (VALUES
      (v_month, CASE WHEN v_new_month THEN 1 ELSE 0 END, CASE WHEN v_is_new OR v_backfill THEN 1 ELSE 0 END),
      (CASE WHEN v_backfill THEN v_old_cohort END, 0, -1)
    ) AS d(month, active, new)
    WHERE d.month IS NOT NULL GROUP BY d.month HAVING sum(d.active) <> 0 OR sum(d.new) <> 0 ORDER BY d.month
    ON CONFLICT (account_id, live_mode, kind, month) DO UPDATE SET
      active_customers = r.active_customers + excluded.active_customers, new_customers = r.new_customers + excluded.new_customers;
    IF v_backfill THEN
      DELETE FROM customer_monthly_rollups
      WHERE account_id = p_account AND live_mode = p_live AND kind = p_kind AND month = v_old_cohort AND active_customers = 0 AND new_customers = 0;
    END IF;
  END IF;

  IF v_new_month OR (v_backfill AND v_old_cohort <> v_cohort) THEN
    INSERT INTO customer_cohort_rollups AS r (account_id, live_mode, kind, cohort_month, activity_month, customers)
    SELECT p_account, p_live, p_kind, d.cohort, d.month, sum(d.delta)
    FROM (
      SELECT v_cohort AS cohort, v_month AS month, 1 AS delta WHERE v_new_month
      UNION ALL
      SELECT c.cohort, m.month, c.delta
      FROM customer_active_months m
      CROSS JOIN (VALUES (v_old_cohort, -1), (v_cohort, 1)) AS c(cohort, delta)
      WHERE v_backfill AND v_old_cohort <> v_cohort
        AND m.account_id = p_account AND m.live_mode = p_live AND m.kind = p_kind AND m.customer_id = p_customer
        AND NOT (v_new_month AND m.month = v_month)
    ) AS d
    GROUP BY d.cohort, d.month HAVING sum(d.delta) <> 0 ORDER BY d.cohort, d.month
    ON CONFLICT (account_id, live_mode, kind, cohort_month, activity_month) DO UPDATE SET customers = r.customers + excluded.customers;
    IF v_backfill AND v_old_cohort <> v_cohort THEN
      DELETE FROM customer_cohort_rollups
      WHERE account_id = p_account AND live_mode = p_live AND kind = p_kind AND cohort_month = v_old_cohort AND customers = 0;
    END IF;
  END IF;
END
$fn$;
--> statement-breakpoint
-- Recomputes an account's analytics rollups from its transactions and widget events (after a bulk load, and below
-- for the data there is). Rows are inserted in primary-key order (appends to the indexes rather than random inserts). Customer tables: one scan of the transactions into (kind, customer, month) groups, from
-- which active months, first days and the 'all' rows are derived. Reward transactions are no product of analytics:
-- they count in the failure rollups (per kind) but not as customers.
CREATE OR REPLACE FUNCTION analytics_rebuild(p_account uuid)
RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  -- Millions of rows: let the groupings hash in memory (for the rest of the caller's transaction only).
  PERFORM set_config('work_mem', '256MB', true);
  DELETE FROM transaction_failure_rollups WHERE account_id = p_account;
  DELETE FROM customer_first_days WHERE account_id = p_account;
  DELETE FROM customer_active_months WHERE account_id = p_account;
  DELETE FROM customer_daily_rollups WHERE account_id = p_account;
  DELETE FROM customer_monthly_rollups WHERE account_id = p_account;
  DELETE FROM customer_cohort_rollups WHERE account_id = p_account;
  DELETE FROM widget_funnel_rollups WHERE account_id = p_account;

  INSERT INTO transaction_failure_rollups (account_id, live_mode, kind, day, reason, tx_count, volume_usd, volume_eur, volume_gbp)
  SELECT account_id, live_mode, CASE WHEN kind = 'balance' THEN lower(balance_type) ELSE kind END, (created_at AT TIME ZONE 'UTC')::date,
         coalesce(failure_reason, 'unknown'), count(*), sum(amount * usd_rate), sum(amount * eur_rate), sum(amount * gbp_rate)
  FROM transactions WHERE account_id = p_account AND status IN ('failed', 'Failed')
  GROUP BY 1, 2, 3, 4, 5;

  DROP TABLE IF EXISTS analytics_rebuild_groups;
  CREATE TEMP TABLE analytics_rebuild_groups ON COMMIT DROP AS
  SELECT live_mode, kind, customer_id, month, count(*)::int AS tx_count, min(day) AS first_day
  FROM (SELECT live_mode, CASE WHEN kind = 'balance' THEN lower(balance_type) ELSE kind END AS kind, customer_id,
               (created_at AT TIME ZONE 'UTC')::date AS day, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month
        FROM transactions WHERE account_id = p_account AND customer_id IS NOT NULL) t
  WHERE kind IN ('buy', 'sell', 'swap', 'deposit', 'withdrawal')
  GROUP BY 1, 2, 3, 4;
  INSERT INTO analytics_rebuild_groups
  SELECT live_mode, 'all', customer_id, month, sum(tx_count)::int, min(first_day) FROM analytics_rebuild_groups GROUP BY 1, 3, 4;

  INSERT INTO customer_active_months (account_id, live_mode, kind, customer_id, month, tx_count)
  SELECT p_account, live_mode, kind, customer_id, month, tx_count FROM analytics_rebuild_groups ORDER BY 2, 3, 4, 5;
  INSERT INTO customer_first_days (account_id, live_mode, kind, customer_id, first_day)
  SELECT p_account, live_mode, kind, customer_id, min(first_day) FROM analytics_rebuild_groups GROUP BY 2, 3, 4 ORDER BY 2, 3, 4;
  INSERT INTO customer_daily_rollups (account_id, live_mode, kind, day, new_customers)
  SELECT p_account, live_mode, kind, first_day, count(*) FROM customer_first_days WHERE account_id = p_account GROUP BY 2, 3, 4;
  INSERT INTO customer_monthly_rollups (account_id, live_mode, kind, month, active_customers, new_customers)
  SELECT p_account, live_mode, kind, month, sum(active), sum(new)
  FROM (SELECT live_mode, kind, month, count(*) AS active, 0 AS new FROM analytics_rebuild_groups GROUP BY 1, 2, 3
        UNION ALL
        SELECT live_mode, kind, date_trunc('month', first_day)::date, 0, count(*) FROM customer_first_days WHERE account_id = p_account GROUP BY 1, 2, 3) m
  GROUP BY 2, 3, 4;
  INSERT INTO customer_cohort_rollups (account_id, live_mode, kind, cohort_month, activity_month, customers)
  SELECT p_account, g.live_mode, g.kind, date_trunc('month', f.first_day)::date, g.month, count(*)
  FROM analytics_rebuild_groups g
  JOIN customer_first_days f ON f.account_id = p_account AND f.live_mode = g.live_mode AND f.kind = g.kind AND f.customer_id = g.customer_id
  GROUP BY 2, 3, 4, 5;
  DROP TABLE analytics_rebuild_groups;

  INSERT INTO widget_funnel_rollups (account_id, live_mode, flow, day, step, event_count)
  SELECT account_id, live_mode, flow, (created_at AT TIME ZONE 'UTC')::date, event, count(*)
  FROM widget_events WHERE account_id = p_account AND event IN ('opened', 'quoted', 'payment_started', 'completed', 'failed')
  GROUP BY 1, 2, 3, 4, 5;
END
$fn$;
--> statement-breakpoint
SELECT analytics_rebuild(id) FROM accounts;
--> statement-breakpoint
-- The quarterly review page is built now: its flag (seeded off while it was a placeholder) is on by default.
UPDATE "feature_flags" SET "default_value" = true, "updated_at" = now() WHERE "key" = 'quarterly-review';
