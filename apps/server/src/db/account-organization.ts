import { eq } from 'drizzle-orm';
import type { Executor } from './executor.ts';
import { accounts, organizations } from './schema/accounts.ts';

/**
 * An account with the organization owning it (its plan, whether it requires single sign-on), or undefined when there
 * is no such account: the lookup the billing, go-live, single sign-on and support repositories share.
 */
export async function accountWithOrganization(
  db: Executor,
  accountId: string,
): Promise<{ account: typeof accounts.$inferSelect; organization: typeof organizations.$inferSelect } | undefined> {
  const [row] = await db
    .select({ account: accounts, organization: organizations })
    .from(accounts)
    .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}
