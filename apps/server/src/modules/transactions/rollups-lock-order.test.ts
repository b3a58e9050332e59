import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { SAMPLE_FEES_AND_RATES } from './test-transactions.ts';

const t = useTestApp();

async function sellTransaction(accountId: string, externalId: string) {
  return t.app.services.transactions.createTransaction({
    kind: 'sell',
    balanceType: null,
    accountId,
    liveMode: true,
    baseCurrencyCode: 'eth',
    quoteCurrencyCode: 'usd',
    fiatCurrencyCode: 'usd',
    amount: '100.00',
    baseCurrencyAmount: '0.05000000',
    ...SAMPLE_FEES_AND_RATES,
    quoteCurrencyAmount: '100.00',
    paymentMethod: 'creditCard',
    country: 'GB',
    externalTransactionId: externalId,
    customerId: null,
    createdAt: new Date('2026-11-02T12:00:00.000Z'),
  });
}

describe('status changes and the dashboard rollups', () => {
  it('a freeze and an approval of two transactions of the same day cross without deadlocking', async () => {
    const org = await t.database.pool.query<{ id: string }>(`insert into organizations (name) values ('Lock Order Ltd') returning id`);
    const account = await t.database.pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, 'Lock Order') returning id`, [
      org.rows[0]!.id,
    ]);
    const accountId = account.rows[0]!.id;
    const toFreeze = await sellTransaction(accountId, 'lock-order-1');
    const toApprove = await sellTransaction(accountId, 'lock-order-2');
    await t.app.services.transactions.changeStatus(toFreeze.id, 'pending');
    await t.app.services.transactions.changeStatus(toApprove.id, 'pending');
    await t.app.services.transactions.changeStatus(toApprove.id, 'frozen');

    // A third session holds the day's "pending" bucket, so both changes queue behind it and then run into each other.
    const holder = await t.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from transaction_rollups where account_id = $1 and status = 'pending' for update`, [accountId]);
      const freeze = t.app.services.transactions.changeStatus(toFreeze.id, 'frozen');
      const approve = t.app.services.transactions.changeStatus(toApprove.id, 'pending');
      const settled = Promise.allSettled([freeze, approve]);
      await expect
        .poll(
          async () => {
            const waiting = await t.database.pool.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
            );
            return waiting.rows[0]!.n;
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(2);
      await holder.query('commit');
      const [frozen, approved] = await settled;
      expect(frozen.status === 'rejected' ? String(frozen.reason) : 'ok').toBe('ok');
      expect(approved.status === 'rejected' ? String(approved.reason) : 'ok').toBe('ok');
    } finally {
      holder.release();
    }

    const buckets = await t.database.pool.query<{ status: string; tx_count: number }>(
      `select status, tx_count from transaction_rollups where account_id = $1 and tx_count > 0 order by status`,
      [accountId],
    );
    expect(buckets.rows).toEqual([
      { status: 'frozen', tx_count: 1 },
      { status: 'pending', tx_count: 1 },
    ]);
  });
});
