import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';

export const fixtures: AuthzFixtures = {
  async helioWallet({ app, accountId }) {
    const result = await app.database.pool.query<{ id: string }>(
      `insert into helio_wallets (account_id, currency_id, wallet_address)
       select $1, id, $2 from crypto_currencies where code = 'eth' returning id`,
      [accountId, `0x${Math.random().toString(16).slice(2).padEnd(40, '0').slice(0, 40)}`],
    );
    return result.rows[0]!.id;
  },
};
