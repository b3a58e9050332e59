import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';

export const fixtures: AuthzFixtures = {
  async integration({ app, accountId }) {
    const result = await app.database.pool.query<{ id: string }>(
      `insert into integrations (account_id, type, value) values ($1, 'web', 'authz-' || md5(random()::text) || '.example.com') returning id`,
      [accountId],
    );
    return result.rows[0]!.id;
  },
};
