import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';
import { insertReturningId } from '../../../test/authz-fixtures.ts';

export const fixtures: AuthzFixtures = {
  supportRequest: ({ app, accountId }) =>
    insertReturningId(app, `insert into support_requests (account_id, subject) values ($1, 'Payouts are late') returning id`, [accountId]),
};
