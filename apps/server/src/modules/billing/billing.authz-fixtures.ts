import type { AuthzFixtures } from '../../../test/authz-fixtures.ts';

// Billing's operations take an accountId (@account) or a hosted page's id (@signedIn): no @entity type needs a fixture.
export const fixtures: AuthzFixtures = {};
