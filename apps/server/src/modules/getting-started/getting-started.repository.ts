import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { kybSavedAnything } from '../../db/kyb-draft.ts';

export interface GettingStartedFacts {
  kybStatus: string | null;
  kybReason: string | null;
  /** Anything of the KYB application is saved (a draft when not submitted). */
  kybSaved: boolean;
  currenciesChosen: boolean;
  feesSet: boolean;
  widgetUrlBuilt: boolean;
  webhookCount: number;
  memberCount: number;
  approvedGoLive: boolean;
  openGoLive: boolean;
  /** NFT checkout (issue 38): the account takes the product up (enabled, chosen in onboarding or a flow on), and a flow is on with a collection the checkout can deliver. */
  nftCheckoutEnabled: boolean;
  nftCheckoutReady: boolean;
}

export function createGettingStartedRepository(db: Database) {
  return {
    /** Everything the checklist reads, in one round trip; null when the account does not exist. */
    async facts(accountId: string): Promise<GettingStartedFacts | null> {
      const result = await db.execute<{
        kyb_status: string | null;
        kyb_reason: string | null;
        kyb_saved: boolean | null;
        currencies_chosen: boolean;
        fees_set: boolean;
        widget_url_built: boolean;
        webhook_count: number;
        member_count: number;
        approved_go_live: boolean;
        open_go_live: boolean;
        nft_checkout_enabled: boolean;
        nft_checkout_ready: boolean;
      }>(sql`
        select
          k.status as kyb_status,
          k.reason as kyb_reason,
          ${kybSavedAnything('k')} as kyb_saved,
          coalesce((a.onboarding_info ->> 'areCurrenciesConfigured')::boolean, false)
            or exists (select 1 from currency_account_pairs p where p.account_id = a.id and (p.is_enabled or p.is_sell_enabled)) as currencies_chosen,
          a.has_configured_buy_fees or a.has_configured_sell_fees as fees_set,
          coalesce((a.onboarding_info ->> 'isWidgetUrlBuilt')::boolean, false) as widget_url_built,
          (select count(*)::int from webhooks w where w.account_id = a.id) as webhook_count,
          (select count(*)::int from memberships m where m.account_id = a.id) as member_count,
          exists (select 1 from go_live_requests g where g.account_id = a.id and g.status = 'Approved') as approved_go_live,
          exists (select 1 from go_live_requests g where g.account_id = a.id and g.status in ('Pending', 'InProgress', 'OnHold')) as open_go_live,
          -- Taken up as the go-live checklist counts it (product-status.ts isOffered): enabled, chosen in onboarding, or a flow on.
          coalesce((a.onboarding_info ->> 'isNftCheckoutEnabled')::boolean, false)
            or coalesce(a.onboarding_details -> 'productInterests' ? 'NftCheckout', false)
            or exists (select 1 from nft_accounts n where n.account_id = a.id and (n.is_lite_nft_flow_allowed or n.is_nft_commerce_flow_allowed))
            as nft_checkout_enabled,
          exists (select 1 from nft_accounts n where n.account_id = a.id and (n.is_lite_nft_flow_allowed or n.is_nft_commerce_flow_allowed))
            and exists (select 1 from nft_collections c where c.account_id = a.id and c.deploy_transaction_hash is not null) as nft_checkout_ready
        from accounts a
        left join kyb_applications k on k.organization_id = a.organization_id
        where a.id = ${accountId}
      `);
      const row = result.rows[0];
      if (!row) return null;
      return {
        kybStatus: row.kyb_status,
        kybReason: row.kyb_reason,
        kybSaved: Boolean(row.kyb_saved),
        currenciesChosen: row.currencies_chosen,
        feesSet: row.fees_set,
        widgetUrlBuilt: row.widget_url_built,
        webhookCount: row.webhook_count,
        memberCount: row.member_count,
        approvedGoLive: row.approved_go_live,
        openGoLive: row.open_go_live,
        nftCheckoutEnabled: row.nft_checkout_enabled,
        nftCheckoutReady: row.nft_checkout_ready,
      };
    },
  };
}

export type GettingStartedRepository = ReturnType<typeof createGettingStartedRepository>;
