import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AccountStatus } from '@rampart/shared/account-status';
import type { Database } from '../../db/client.ts';
import { insertRow } from '../../db/row-queries.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { widgetEvents, widgetSessions, type WIDGET_FLOWS } from '../../db/schema/ramp.ts';
import { themes } from '../../db/schema/themes.ts';
import { customers } from '../../db/schema/transactions.ts';
import { apiKeys, nftAccounts } from '../../db/schema/developers.ts';
import { nftDeliveries, nftMints } from '../../db/schema/passes.ts';
import { nftCollections } from '../../db/schema/settings.ts';

export type WidgetFlow = (typeof WIDGET_FLOWS)[number];
export type NftCollectionRow = typeof nftCollections.$inferSelect;
export type NftAccountRow = typeof nftAccounts.$inferSelect;
export type WidgetSessionRow = typeof widgetSessions.$inferSelect;
/** Funnel steps, plus `transaction_created`, which ties a transaction to the session that made it (who may read it). */
export type WidgetEventName = (typeof widgetEvents.$inferInsert)['event'];

export function createWidgetRepository(db: Database) {
  return {
    /**
     * The account and mode of a working publishable key (a rolled one works until its deletion time), with the config of
     * the account's active theme (null: none), read in the same statement (the partial unique index holds one at most).
     */
    async publishableKey(value: string) {
      const [row] = await db
        .select({
          accountId: apiKeys.accountId,
          liveMode: apiKeys.liveMode,
          accountName: accounts.name,
          allowedIframeAncestorUrls: accounts.allowedIframeAncestorUrls,
          status: accounts.status,
          themeConfig: themes.config,
        })
        .from(apiKeys)
        .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
        .leftJoin(themes, and(eq(themes.accountId, apiKeys.accountId), eq(themes.isActive, true)))
        .where(and(eq(apiKeys.displayValue, value), eq(apiKeys.type, 'publishable'), or(isNull(apiKeys.deletedAt), gt(apiKeys.deletedAt, sql`now()`))))
        .limit(1);
      return row;
    },

    /** NFT checkout: the account's settings (null: never saved, the defaults apply). */
    async nftAccount(accountId: string): Promise<NftAccountRow | null> {
      const [row] = await db.select().from(nftAccounts).where(eq(nftAccounts.accountId, accountId)).limit(1);
      return row ?? null;
    },

    /** NFT checkout: the account's collections, oldest first (the order Developers › NFT commerce lists them in). */
    nftCollectionsOf(accountId: string): Promise<NftCollectionRow[]> {
      return db.select().from(nftCollections).where(eq(nftCollections.accountId, accountId)).orderBy(nftCollections.createdAt, nftCollections.id);
    },

    /** NFT checkout: a collection of the account by network and contract (any letter case). */
    async nftCollection(accountId: string, networkCode: string, contractAddress: string): Promise<NftCollectionRow | null> {
      const [row] = await db
        .select()
        .from(nftCollections)
        .where(
          and(
            eq(nftCollections.accountId, accountId),
            eq(nftCollections.networkCode, networkCode),
            sql`lower(${nftCollections.contractAddress}) = lower(${contractAddress})`,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** A token the NFT checkout minted, listed with the collection's mints (by no user: the buyer's purchase). */
    /** A purchase's delivery, once started (nft_deliveries). */
    async nftDelivery(transactionId: string) {
      const [row] = await db.select().from(nftDeliveries).where(eq(nftDeliveries.transactionId, transactionId)).limit(1);
      return row;
    },
    /** Written before the mint or transfer is sent; a retry keeps the first attempt's block. */
    async startNftDelivery(values: { transactionId: string; contractAddress: string; fromBlock: bigint }) {
      await db
        .insert(nftDeliveries)
        .values({ ...values, contractAddress: values.contractAddress.toLowerCase(), fromBlock: values.fromBlock.toString() })
        .onConflictDoNothing();
    },
    /** What the chain answered, saved as soon as it did (with the collection's mint record for a mint). */
    async finishNftDelivery(
      transactionId: string,
      result: { tokenId: string; transactionHash: string },
      mint: { collectionId: string; toAddress: string } | null,
    ) {
      await db.transaction(async (tx) => {
        await tx.update(nftDeliveries).set(result).where(eq(nftDeliveries.transactionId, transactionId));
        if (mint)
          await tx
            .insert(nftMints)
            .values({ ...mint, ...result })
            .onConflictDoNothing();
      });
    },
    /** Of these token ids of a contract, the ones Rampart already accounts for: another delivery's, or a dashboard mint's. */
    async claimedTokenIds(contractAddress: string, collectionId: string, tokenIds: string[]): Promise<Set<string>> {
      if (!tokenIds.length) return new Set();
      const [delivered, minted] = await Promise.all([
        db
          .select({ tokenId: nftDeliveries.tokenId })
          .from(nftDeliveries)
          .where(
            and(eq(nftDeliveries.contractAddress, contractAddress.toLowerCase()), isNotNull(nftDeliveries.tokenId), inArray(nftDeliveries.tokenId, tokenIds)),
          ),
        db
          .select({ tokenId: nftMints.tokenId })
          .from(nftMints)
          .where(and(eq(nftMints.collectionId, collectionId), inArray(nftMints.tokenId, tokenIds))),
      ]);
      return new Set([...delivered, ...minted].map((row) => row.tokenId!));
    },

    insertSession: (values: typeof widgetSessions.$inferInsert) => insertRow(db, widgetSessions, values),

    /** A session that has not expired, with its account's status (staff may have closed the account since it opened). */
    async sessionByTokenHash(tokenHash: string): Promise<(WidgetSessionRow & { accountStatus: AccountStatus }) | undefined> {
      const [row] = await db
        .select({ session: widgetSessions, accountStatus: accounts.status })
        .from(widgetSessions)
        .innerJoin(accounts, eq(accounts.id, widgetSessions.accountId))
        .where(and(eq(widgetSessions.tokenHash, tokenHash), gt(widgetSessions.expiresAt, sql`now()`)))
        .limit(1);
      return row && { ...row.session, accountStatus: row.accountStatus };
    },

    async allowedAncestors(accountId: string): Promise<string[]> {
      const [row] = await db.select({ urls: accounts.allowedIframeAncestorUrls }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return row?.urls ?? [];
    },

    /**
     * Records a funnel step once per session (and transaction, when given). A theme-editor preview session (params
     * preview=1) records no funnel step, so analytics count customers only; its `transaction_created` is still written
     * (it says which session may read the transaction). A funnel step that was written also counts in
     * widget_funnel_rollups, in the same statement. (A transaction's 'completed' and 'failed' are recorded by its status
     * change: transactions/analytics-rollups.ts.)
     */
    async recordEvent(values: {
      accountId: string;
      liveMode: boolean;
      sessionId: string | null;
      flow: WidgetFlow;
      event: WidgetEventName;
      transactionId?: string | null;
    }) {
      const transactionId = values.transactionId ?? null;
      await db.execute(sql`
        with inserted as (
          insert into widget_events (account_id, live_mode, session_id, flow, event, transaction_id)
          select ${values.accountId}, ${values.liveMode}, ${values.sessionId}, ${values.flow}, ${values.event}, ${transactionId}
          where not exists (
            select 1 from widget_events
            where event = ${values.event}
              and (${values.sessionId}::uuid is null or session_id = ${values.sessionId})
              and (${transactionId}::uuid is null or transaction_id = ${transactionId})
              and (${values.sessionId}::uuid is not null or ${transactionId}::uuid is not null)
          )
          and (${values.event} = 'transaction_created' or not exists (
            select 1 from widget_sessions where id = ${values.sessionId}::uuid and params->>'preview' = '1'
          ))
          returning account_id, live_mode, flow, event, created_at
        )
        insert into widget_funnel_rollups as r (account_id, live_mode, flow, day, step, event_count)
        select account_id, live_mode, flow, (created_at at time zone 'UTC')::date, event, 1 from inserted where event <> 'transaction_created'
        on conflict (account_id, live_mode, flow, day, step) do update set event_count = r.event_count + 1`);
    },

    /** The session a widget transaction was created in (null for test-helper transactions). */
    async sessionOfTransaction(transactionId: string): Promise<{ sessionId: string; flow: WidgetFlow } | null> {
      const [row] = await db
        .select({ sessionId: widgetEvents.sessionId, flow: widgetEvents.flow })
        .from(widgetEvents)
        .where(and(eq(widgetEvents.transactionId, transactionId), eq(widgetEvents.event, 'transaction_created')))
        .orderBy(desc(widgetEvents.id))
        .limit(1);
      return row?.sessionId ? { sessionId: row.sessionId, flow: row.flow } : null;
    },

    /** The customer with this external id, else this e-mail, of an account and mode; created when there is none. */
    async findOrCreateCustomer(values: {
      accountId: string;
      liveMode: boolean;
      email: string | null;
      externalCustomerId: string | null;
      country: string | null;
    }) {
      const scope = and(eq(customers.accountId, values.accountId), eq(customers.liveMode, values.liveMode), eq(customers.isDeleted, false));
      if (values.externalCustomerId) {
        const [byExternal] = await db
          .select()
          .from(customers)
          .where(and(scope, eq(customers.externalCustomerId, values.externalCustomerId)))
          .limit(1);
        if (byExternal) return byExternal;
      }
      if (values.email) {
        const [byEmail] = await db
          .select()
          .from(customers)
          .where(and(scope, sql`lower(${customers.email}) = lower(${values.email})`))
          .orderBy(desc(customers.createdAt))
          .limit(1);
        if (byEmail && (!values.externalCustomerId || !byEmail.externalCustomerId)) {
          if (values.externalCustomerId)
            await db.update(customers).set({ externalCustomerId: values.externalCustomerId, updatedAt: new Date() }).where(eq(customers.id, byEmail.id));
          return { ...byEmail, externalCustomerId: values.externalCustomerId ?? byEmail.externalCustomerId };
        }
      }
      const [created] = await db
        .insert(customers)
        .values({
          accountId: values.accountId,
          liveMode: values.liveMode,
          email: values.email,
          externalCustomerId: values.externalCustomerId,
          country: values.country,
        })
        .returning();
      return created!;
    },
  };
}

export type WidgetRepository = ReturnType<typeof createWidgetRepository>;
