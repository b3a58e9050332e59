import { generateThemeConfig } from '@rampart/shared/theme-colors';
import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';

// The theme operations are @account-scoped (the theme id is checked against the account by the service), so the
// generated tests need no entity lookup; this fixture gives tests an inactive theme of an account to aim at.
export const fixtures: AuthzFixtures = {
  async theme({ app, accountId }) {
    const config = JSON.stringify(generateThemeConfig('#4f46e5'));
    const result = await app.database.pool.query<{ id: string }>(
      `with theme as (insert into themes (account_id, name, is_active, version, config) values ($1, 'Authz theme', false, 1, $2::jsonb) returning id, name, config)
       insert into theme_versions (theme_id, version, name, config) select id, 1, name, config from theme returning theme_id as id`,
      [accountId, config],
    );
    return result.rows[0]!.id;
  },
};
