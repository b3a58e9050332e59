import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';
import type { TestApp } from '../../../test/harness.ts';

async function insertTransaction(app: TestApp, accountId: string, kind: 'buy' | 'sell' | 'swap' | 'balance') {
  const status = { buy: 'completed', sell: 'completed', swap: 'completed', balance: 'Completed' }[kind];
  const result = await app.database.pool.query<{ id: string }>(
    `insert into transactions (account_id, live_mode, kind, balance_type, status, base_currency_code, quote_currency_code, fiat_currency_code, amount, base_currency_amount, usd_rate, eur_rate, gbp_rate, failure_reason)
     values ($1, false, $2, $3, $4, 'usd', 'btc', 'usd', '10.00', '10.00', '1', '0.92', '0.79', 'cardDeclined') returning id`,
    [accountId, kind, kind === 'balance' ? 'Deposit' : null, status],
  );
  return result.rows[0]!.id;
}

/** One transaction of each kind in the target account, for the generated authorization test. */
export const fixtures: AuthzFixtures = {
  buyTransaction: ({ app, accountId }) => insertTransaction(app, accountId, 'buy'),
  sellTransaction: ({ app, accountId }) => insertTransaction(app, accountId, 'sell'),
  swapTransaction: ({ app, accountId }) => insertTransaction(app, accountId, 'swap'),
  balanceTransaction: ({ app, accountId }) => insertTransaction(app, accountId, 'balance'),
  anyTransaction: ({ app, accountId }) => insertTransaction(app, accountId, 'buy'),
};
