import { boolean, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { rollupKey, volumeTotals } from './columns.ts';

/**
 * Analytics rollups (issue 16, decision 0015). Like the dashboard rollups they are kept exact in the same database
 * transaction as every transaction insert and status change (`transactions/analytics-rollups.ts`), and rebuilt in bulk
 * after the generator's COPY. `kind` is a rollup kind (buy, sell, swap, deposit, withdrawal); the customer tables also
 * hold kind 'all', because a customer of two products is one customer of the account.
 */

/** Failed transactions per day and failure reason ('unknown' when none was recorded), with their volume. */
export const transactionFailureRollups = pgTable(
  'transaction_failure_rollups',
  {
    ...rollupKey(),
    day: date('day').notNull(),
    reason: text('reason').notNull(),
    txCount: integer('tx_count').notNull().default(0),
    ...volumeTotals(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.day, table.reason] })],
);

/** Each customer's first transaction day per kind (and 'all'): what makes a customer new on a day. */
export const customerFirstDays = pgTable(
  'customer_first_days',
  { ...rollupKey(), customerId: uuid('customer_id').notNull(), firstDay: date('first_day').notNull() },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.customerId] })],
);

/** The calendar months (first day) in which a customer started at least one transaction, per kind (and 'all'). */
export const customerActiveMonths = pgTable(
  'customer_active_months',
  { ...rollupKey(), customerId: uuid('customer_id').notNull(), month: date('month').notNull(), txCount: integer('tx_count').notNull().default(0) },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.customerId, table.month] })],
);

/** New customers per day (customers whose first transaction was that day). */
export const customerDailyRollups = pgTable(
  'customer_daily_rollups',
  { ...rollupKey(), day: date('day').notNull(), newCustomers: integer('new_customers').notNull().default(0) },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.day] })],
);

/** Per calendar month: customers with a transaction that month, and those of them whose first transaction it was. */
export const customerMonthlyRollups = pgTable(
  'customer_monthly_rollups',
  {
    ...rollupKey(),
    month: date('month').notNull(),
    activeCustomers: integer('active_customers').notNull().default(0),
    newCustomers: integer('new_customers').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.month] })],
);

/** Monthly cohorts: of the customers first seen in `cohort_month`, how many had a transaction in `activity_month`. */
export const customerCohortRollups = pgTable(
  'customer_cohort_rollups',
  {
    ...rollupKey(),
    cohortMonth: date('cohort_month').notNull(),
    activityMonth: date('activity_month').notNull(),
    customers: integer('customers').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.cohortMonth, table.activityMonth] })],
);

/** The widget funnel per day: how many funnel events of each step (see WIDGET_FUNNEL_EVENTS) per flow. */
export const widgetFunnelRollups = pgTable(
  'widget_funnel_rollups',
  {
    accountId: uuid('account_id').notNull(),
    liveMode: boolean('live_mode').notNull(),
    flow: text('flow').notNull(),
    day: date('day').notNull(),
    step: text('step').notNull(),
    eventCount: integer('event_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.flow, table.day, table.step] })],
);
