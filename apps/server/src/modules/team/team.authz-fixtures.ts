import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';

/** Entities the authorization test creates in the target account, one per @entity type of this module. */
export const fixtures: AuthzFixtures = {
  async membership({ app, accountId }) {
    const email = `authz-invitee-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const user = await app.database.pool.query<{ id: string }>(`insert into users (email, first_name, last_name) values ($1, '', '') returning id`, [email]);
    const membership = await app.database.pool.query<{ id: string }>(
      `insert into memberships (account_id, user_id, role, has_accepted_invite) values ($1, $2, 'analyst', false) returning id`,
      [accountId, user.rows[0]!.id],
    );
    return membership.rows[0]!.id;
  },
};
