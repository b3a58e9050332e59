import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';

export const fixtures: AuthzFixtures = {
  async apiKey({ app, accountId }) {
    const result = await app.database.pool.query<{ id: string }>(
      `insert into api_keys (account_id, live_mode, type, display_value) values ($1, false, 'publishable', 'pk_test_authzfixture' || md5(random()::text)) returning id`,
      [accountId],
    );
    return result.rows[0]!.id;
  },
};
