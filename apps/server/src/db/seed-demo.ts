import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { accounts, memberships, organizations } from './schema/accounts.ts';
import { users } from './schema/identity.ts';
import { hashPassword } from '../lib/password-policy.ts';

export const DEMO_LOGIN = { email: 'demo@rampart.dev', password: 'rampart-demo-2026!' } as const;

/** Creates the demo organization once; later starts find it and change nothing. */
export async function seedDemo(db: Database): Promise<typeof DEMO_LOGIN> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_LOGIN.email}`);
  if (existing) return DEMO_LOGIN;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        firstName: 'Dana',
        lastName: 'Demo',
        email: DEMO_LOGIN.email,
        passwordHash: await hashPassword(DEMO_LOGIN.password),
        jobTitle: 'Founder / CEO',
        isEmailVerified: true,
      })
      .returning();
    const [organization] = await tx
      .insert(organizations)
      .values({ name: 'Demo Payments Ltd', publicName: 'Demo Payments', ownerId: user!.id, subscriptionPlanType: 'Pro' })
      .returning();
    const created = await tx
      .insert(accounts)
      .values([
        // Minting (issue 17) is on for the demo: collections deploy on the built-in local chain.
        { organizationId: organization!.id, name: 'Demo Payments', isVerified: true, isSelfService: true, onboardingInfo: { isMintingEnabled: true } },
        { organizationId: organization!.id, name: 'Demo Payments Sandbox', isVerified: false, isSelfService: true, onboardingInfo: { isMintingEnabled: true } },
      ])
      .returning();
    await tx
      .insert(memberships)
      .values(
        created.map((account) => ({ accountId: account.id, userId: user!.id, role: 'administrator' as const, hasAcceptedInvite: true, joinedAt: new Date() })),
      );
  });
  return DEMO_LOGIN;
}
