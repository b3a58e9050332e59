import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { firstWhere } from '../../db/row-queries.ts';
import { accounts, domainReviews, memberships, organizations, supportContacts } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/identity.ts';
import { membershipRows, toMembershipRow, type MembershipRow } from '../../db/membership-row.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export interface LeadingAccounts {
  selectedAccountId?: string | null;
  lastSelectedAccountId?: string | null;
}

export function createAccountsRepository(db: Database) {
  // Checked on every account-scoped request: prepared once.
  const acceptedRoleQuery = db
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.accountId, sql.placeholder('accountId')), eq(memberships.hasAcceptedInvite, true)),
    )
    .limit(1)
    .prepare('membership_accepted_role');
  // Runs on every `me` query, so it is built once and sent as a named statement: PostgreSQL then plans it
  // once per connection (planning this join costs more than running it). docs/performance.md has the figures.
  const membershipsOfUserStatement = db
    .select({ membership: memberships, account: accounts, user: users })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, sql.placeholder('userId')), eq(memberships.hasAcceptedInvite, true)))
    // The selected account, else the one last selected on any device, leads, so it is never cut off by take.
    .orderBy(
      sql`case ${accounts.id} when ${sql.placeholder('selectedAccountId')}::uuid then 0 when ${sql.placeholder('lastSelectedAccountId')}::uuid then 1 else 2 end`,
      asc(accounts.name),
    )
    .limit(sql.placeholder('take'))
    .prepare('accounts_memberships_of_user');

  return {
    /** The user's accepted memberships: the selected account's first, else the last selected one's, then by account name. */
    async membershipsOfUser(userId: string, take: number, lead: LeadingAccounts = {}): Promise<MembershipRow[]> {
      const rows = await membershipsOfUserStatement.execute({
        userId,
        take,
        selectedAccountId: lead.selectedAccountId ?? null,
        lastSelectedAccountId: lead.lastSelectedAccountId ?? null,
      });
      return rows.map(toMembershipRow);
    },
    membershipsOfAccount: (accountId: string): Promise<MembershipRow[]> => membershipRows(db, eq(memberships.accountId, accountId)),
    /** The role of an accepted membership; a pending invite grants nothing. */
    async acceptedRole(userId: string, accountId: string): Promise<MembershipRow['role'] | null> {
      const [row] = await acceptedRoleQuery.execute({ userId, accountId });
      return row?.role ?? null;
    },
    findAccount: (id: string): Promise<AccountRow | undefined> => firstWhere(db, accounts, eq(accounts.id, id)),
    findOrganization: (id: string): Promise<OrganizationRow | undefined> => firstWhere(db, organizations, eq(organizations.id, id)),
    /** Which of these organizations are demo data (organizations.is_demo), in one query. */
    async demoOrganizationFlags(ids: string[]): Promise<Map<string, boolean>> {
      const rows = await db.select({ id: organizations.id, isDemo: organizations.isDemo }).from(organizations).where(inArray(organizations.id, ids));
      return new Map(rows.map((row) => [row.id, row.isDemo]));
    },
    organizationOwnedBy: (userId: string): Promise<OrganizationRow | undefined> => firstWhere(db, organizations, eq(organizations.ownerId, userId)),
    async accountsOfOrganization(organizationId: string): Promise<AccountRow[]> {
      return db.select().from(accounts).where(eq(accounts.organizationId, organizationId)).orderBy(asc(accounts.name));
    },
    async domainReviewsOf(accountId: string) {
      return db.select().from(domainReviews).where(eq(domainReviews.accountId, accountId)).orderBy(asc(domainReviews.domain));
    },
    async searchOrganizations(search: string | null, skip: number, take: number): Promise<OrganizationRow[]> {
      const pattern = search ? `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
      const isUuid = search !== null && /^[0-9a-f-]{36}$/i.test(search);
      const where = pattern
        ? or(
            ilike(organizations.name, pattern),
            ilike(organizations.publicName, pattern),
            isUuid ? eq(organizations.id, search) : undefined,
            sql`exists (select 1 from ${accounts} a where a.organization_id = ${organizations.id} and (a.name ilike ${pattern} or a.internal_name ilike ${pattern}${isUuid ? sql` or a.id = ${search}::uuid` : sql``}))`,
          )
        : undefined;
      return db.select().from(organizations).where(where).orderBy(asc(organizations.name)).offset(skip).limit(take);
    },
    /** Organization, first account and its administrator in one transaction. */
    async createOrganizationWithAccount(input: {
      ownerId: string;
      organizationName: string;
      accountName: string;
      details: AccountRow['onboardingDetails'];
      country: string;
    }): Promise<AccountRow> {
      return db.transaction(async (tx) => {
        const [organization] = await tx
          .insert(organizations)
          .values({ name: input.organizationName, publicName: input.accountName, ownerId: input.ownerId })
          .returning();
        const [account] = await tx
          .insert(accounts)
          .values({
            organizationId: organization!.id,
            name: input.accountName,
            onboardingDetails: input.details,
            kybInformation: {
              country: input.country,
              kybLevelRequiredToGoLive: 'Basic',
              manuallyRequestedKybLevel: null,
              isEnhancedKybRequired: false,
              requiredKybCheck: null,
            },
          })
          .returning();
        await tx
          .insert(memberships)
          .values({ accountId: account!.id, userId: input.ownerId, role: 'administrator', hasAcceptedInvite: true, joinedAt: new Date() });
        const domains = (input.details?.websiteUrls ?? []).map((url) => new URL(url).hostname);
        if (domains.length)
          await tx
            .insert(domainReviews)
            .values([...new Set(domains)].map((domain) => ({ accountId: account!.id, domain })))
            .onConflictDoNothing();
        return account!;
      });
    },
    async updateAccount(id: string, values: Partial<typeof accounts.$inferInsert>): Promise<AccountRow> {
      const [row] = await db.update(accounts).set(values).where(eq(accounts.id, id)).returning();
      return row!;
    },
    async addDomainReviews(accountId: string, domains: string[]) {
      if (domains.length)
        await db
          .insert(domainReviews)
          .values(domains.map((domain) => ({ accountId, domain })))
          .onConflictDoNothing();
    },
    async updateOrganizationName(id: string, name: string) {
      await db.update(organizations).set({ name }).where(eq(organizations.id, id));
    },
    async upsertSupportContact(values: typeof supportContacts.$inferInsert) {
      await db
        .insert(supportContacts)
        .values(values)
        .onConflictDoUpdate({
          target: supportContacts.userId,
          set: { email: values.email, name: values.name, companyName: values.companyName, companyId: values.companyId, updatedAt: new Date() },
          // The same contact again (every sign-in on another device) writes nothing.
          setWhere: sql`(${supportContacts.email}, ${supportContacts.name}, ${supportContacts.companyName}, ${supportContacts.companyId}) is distinct from (excluded.email, excluded.name, excluded.company_name, excluded.company_id)`,
        });
    },
    async deleteSupportContact(userId: string) {
      await db.delete(supportContacts).where(eq(supportContacts.userId, userId));
    },
    async setLastSelectedAccount(userId: string, accountId: string | null) {
      const [row] = await db.update(users).set({ lastSelectedAccountId: accountId }).where(eq(users.id, userId)).returning();
      return row!;
    },

    /** What the CRM job sends and has stored: the user's names, e-mail and Pipedrive ids, and the organization's name. */
    async crmSignUp(userId: string, organizationId: string) {
      const [row] = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          pipedriveId: users.pipedriveId,
          pipedriveAttributionId: users.pipedriveAttributionId,
          organizationName: organizations.name,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, organizationId))
        .where(eq(users.id, userId));
      return row;
    },

    async setPipedriveIds(userId: string, ids: { pipedriveId?: string; pipedriveAttributionId?: string }) {
      await db.update(users).set(ids).where(eq(users.id, userId));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
