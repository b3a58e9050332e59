import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { firstWhere, insertRow } from '../../db/row-queries.ts';
import { accounts, domainReviews, memberships, organizations } from '../../db/schema/accounts.ts';
import { affiliatePayoutConfigurations, nftAccounts } from '../../db/schema/developers.ts';
import { nftCollections } from '../../db/schema/settings.ts';
import { blockedListEntries, goLiveRequests, testingInstructions, type TestingInstructionsSnapshot } from '../../db/schema/go-live.ts';
import { users } from '../../db/schema/identity.ts';
import { integrations } from '../../db/schema/ramp.ts';
import { helioMerchantAccounts, helioWallets } from '../../db/schema/commerce.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Executor } from '../../db/executor.ts';
import { accountWithOrganization } from '../../db/account-organization.ts';

export type TestingInstructionsRow = typeof testingInstructions.$inferSelect;
export type GoLiveRequestRow = typeof goLiveRequests.$inferSelect;
export type BlockedListEntryRow = typeof blockedListEntries.$inferSelect;
export type DomainReviewRow = typeof domainReviews.$inferSelect;
export type RampProduct = GoLiveRequestRow['product'];
export type GoLiveStatus = GoLiveRequestRow['status'];
export type GoLiveRequestWithNames = GoLiveRequestRow & { accountName: string; organizationName: string };

const withNames = {
  request: goLiveRequests,
  accountName: accounts.name,
  organizationName: organizations.name,
};

export function createGoLiveRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx)),

    /** The account with what the checklist reads of its organization. */
    async accountWithPlan(accountId: string) {
      const row = await accountWithOrganization(db, accountId);
      return row && { account: row.account, subscriptionPlanType: row.organization.subscriptionPlanType };
    },
    /** Web domains the partner recorded where it embeds the widget (createIntegration). */
    async integrationDomainsOf(accountId: string): Promise<string[]> {
      const rows = await db
        .select({ value: integrations.value })
        .from(integrations)
        .where(and(eq(integrations.accountId, accountId), eq(integrations.type, 'web')));
      return rows.map((row) => row.value);
    },
    domainReviewsOf(accountId: string, executor: Executor = db): Promise<DomainReviewRow[]> {
      return executor.select().from(domainReviews).where(eq(domainReviews.accountId, accountId)).orderBy(asc(domainReviews.domain));
    },
    async upsertDomainReview(values: { accountId: string; domain: string; status: 'clear' | 'rejected'; reason: string | null }) {
      await db
        .insert(domainReviews)
        .values(values)
        .onConflictDoUpdate({
          target: [domainReviews.accountId, domainReviews.domain],
          set: { status: values.status, reason: values.reason, updatedAt: new Date() },
        });
    },
    async hasPayoutConfiguration(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ accountId: affiliatePayoutConfigurations.accountId })
        .from(affiliatePayoutConfigurations)
        .where(eq(affiliatePayoutConfigurations.accountId, accountId))
        .limit(1);
      return Boolean(row);
    },

    /** The Helio merchant account's status (null: none) and how many payout wallets the account has. */
    async helioReadiness(accountId: string): Promise<{ status: string | null; wallets: number }> {
      const [merchant] = await db
        .select({ status: helioMerchantAccounts.status })
        .from(helioMerchantAccounts)
        .where(eq(helioMerchantAccounts.accountId, accountId))
        .limit(1);
      const wallets = await db.$count(helioWallets, eq(helioWallets.accountId, accountId));
      return { status: merchant?.status ?? null, wallets };
    },

    /** NFT checkout's set-up: a flow on, and the collections Rampart deployed (the ones its checkout can sell). */
    async nftReadiness(accountId: string): Promise<{ flowOn: boolean; deployedCollections: number }> {
      const [flows] = await db
        .select({ lite: nftAccounts.isLiteNftFlowAllowed, commerce: nftAccounts.isNftCommerceFlowAllowed })
        .from(nftAccounts)
        .where(eq(nftAccounts.accountId, accountId))
        .limit(1);
      const deployedCollections = await db.$count(
        nftCollections,
        and(eq(nftCollections.accountId, accountId), isNotNull(nftCollections.deployTransactionHash)),
      );
      return { flowOn: Boolean(flows?.lite || flows?.commerce), deployedCollections };
    },

    testingInstructions: (accountId: string, executor: Executor = db): Promise<TestingInstructionsRow | undefined> =>
      firstWhere(executor, testingInstructions, eq(testingInstructions.accountId, accountId)),
    async saveTestingInstructions(
      tx: Executor,
      values: { accountId: string; url: string; credentials: string | null; steps: string; updatedByUserId: string },
    ) {
      const [row] = await tx
        .insert(testingInstructions)
        .values(values)
        .onConflictDoUpdate({
          target: testingInstructions.accountId,
          set: { url: values.url, credentials: values.credentials, steps: values.steps, updatedByUserId: values.updatedByUserId, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },
    /** Requests not yet picked up by a reviewer see the instructions as they are now. */
    async refreshPendingSnapshots(tx: Executor, accountId: string, snapshot: TestingInstructionsSnapshot) {
      await tx
        .update(goLiveRequests)
        .set({ testingInstructions: snapshot, updatedAt: new Date() })
        .where(and(eq(goLiveRequests.accountId, accountId), eq(goLiveRequests.status, 'Pending')));
    },

    /** The newest request of each product of the account. */
    async latestRequests(accountId: string, executor: Executor = db): Promise<GoLiveRequestRow[]> {
      return executor
        .selectDistinctOn([goLiveRequests.product])
        .from(goLiveRequests)
        .where(eq(goLiveRequests.accountId, accountId))
        .orderBy(goLiveRequests.product, desc(goLiveRequests.requestedAt), desc(goLiveRequests.id));
    },
    /** Serialises the account's go-live writes (requests, instructions) so their checks see each other. */
    async lockAccount(tx: Executor, accountId: string) {
      await tx.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for update`);
    },
    insertRequest: (
      tx: Executor,
      values: { accountId: string; product: RampProduct; testingInstructions: TestingInstructionsSnapshot; requestedByUserId: string },
    ) => insertRow(tx, goLiveRequests, values),
    async reopenRequest(tx: Executor, id: string, values: { testingInstructions: TestingInstructionsSnapshot; requestedByUserId: string }) {
      const now = new Date();
      const [row] = await tx
        .update(goLiveRequests)
        .set({ ...values, status: 'Pending', reason: null, decidedAt: null, decidedByUserId: null, requestedAt: now, updatedAt: now })
        .where(eq(goLiveRequests.id, id))
        .returning();
      return row!;
    },
    async lockRequest(tx: Executor, id: string): Promise<GoLiveRequestRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await tx.select().from(goLiveRequests).where(eq(goLiveRequests.id, id)).for('update').limit(1);
      return row;
    },
    async decide(tx: Executor, id: string, values: { status: GoLiveStatus; reason: string | null; decidedByUserId: string; decided: boolean }) {
      const now = new Date();
      const [row] = await tx
        .update(goLiveRequests)
        .set({
          status: values.status,
          reason: values.reason,
          decidedByUserId: values.decidedByUserId,
          updatedAt: now,
          ...(values.decided ? { decidedAt: now } : {}),
        })
        .where(eq(goLiveRequests.id, id))
        .returning();
      return row!;
    },
    /** Sets one onboardingInfo flag to true, leaving the others as they are. */
    async enableFlag(tx: Executor, accountId: string, flag: string) {
      await tx.execute(
        sql`update ${accounts} set onboarding_info = onboarding_info || jsonb_build_object(${flag}::text, true) where ${accounts.id} = ${accountId}`,
      );
    },
    async withNames(id: string, executor: Executor = db): Promise<GoLiveRequestWithNames | undefined> {
      const [row] = await executor
        .select(withNames)
        .from(goLiveRequests)
        .innerJoin(accounts, eq(accounts.id, goLiveRequests.accountId))
        .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
        .where(eq(goLiveRequests.id, id))
        .limit(1);
      return row ? { ...row.request, accountName: row.accountName, organizationName: row.organizationName } : undefined;
    },
    async listRequests(filter: { statuses: GoLiveStatus[] | null; product: RampProduct | null; skip: number; take: number }) {
      const where = and(
        filter.statuses ? inArray(goLiveRequests.status, filter.statuses) : undefined,
        filter.product ? eq(goLiveRequests.product, filter.product) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(withNames)
          .from(goLiveRequests)
          .innerJoin(accounts, eq(accounts.id, goLiveRequests.accountId))
          .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
          .where(where)
          .orderBy(desc(goLiveRequests.requestedAt), desc(goLiveRequests.id))
          .offset(filter.skip)
          .limit(filter.take),
        db.select({ value: count() }).from(goLiveRequests).where(where),
      ]);
      return {
        items: rows.map((row) => ({ ...row.request, accountName: row.accountName, organizationName: row.organizationName })),
        totalCount: total?.value ?? 0,
      };
    },
    async administratorsOf(accountId: string): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'administrator'), eq(memberships.hasAcceptedInvite, true)));
      return rows.map((row) => row.email);
    },

    /** The entry for one country, if listed: the widget asks on every quote, so it reads one row, not the list. */
    blockedCountry: (code: string): Promise<BlockedListEntryRow | undefined> =>
      firstWhere(db, blockedListEntries, and(eq(blockedListEntries.kind, 'country'), eq(blockedListEntries.value, code))),
    blockedList(): Promise<BlockedListEntryRow[]> {
      return db.select().from(blockedListEntries).orderBy(asc(blockedListEntries.kind), asc(blockedListEntries.value));
    },
    async upsertBlockedListEntry(values: {
      kind: 'country' | 'industry';
      value: string;
      action: 'Block' | 'Redirect';
      reason: string;
      createdByUserId: string;
    }) {
      const [row] = await db
        .insert(blockedListEntries)
        .values(values)
        .onConflictDoUpdate({
          target: [blockedListEntries.kind, blockedListEntries.value],
          set: { action: values.action, reason: values.reason, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },
    async deleteBlockedListEntry(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db.delete(blockedListEntries).where(eq(blockedListEntries.id, id)).returning({ id: blockedListEntries.id });
      return rows.length > 0;
    },
    async blockedMatches(country: string | null, industry: string | null): Promise<BlockedListEntryRow[]> {
      const conditions = [
        country ? and(eq(blockedListEntries.kind, 'country'), eq(blockedListEntries.value, country.toUpperCase())) : undefined,
        industry ? and(eq(blockedListEntries.kind, 'industry'), eq(blockedListEntries.value, industry)) : undefined,
      ].filter(Boolean);
      if (!conditions.length) return [];
      return db
        .select()
        .from(blockedListEntries)
        .where(or(...conditions));
    },
  };
}

export type GoLiveRepository = ReturnType<typeof createGoLiveRepository>;
