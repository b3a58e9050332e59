import { z } from 'zod';
import { PRODUCT_ROUTE_SEGMENTS, RAMP_PRODUCTS, REVIEW_REASON_MAX, blockedListEntrySchema, testingInstructionsSchema } from '@rampart/shared/go-live';
import type { Env } from '../../config/env.ts';
import type { TestingInstructionsSnapshot } from '../../db/schema/go-live.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import type {
  BlockedListEntryRow,
  GoLiveRepository,
  GoLiveRequestRow,
  GoLiveRequestWithNames,
  GoLiveStatus,
  RampProduct,
  TestingInstructionsRow,
} from './go-live.repository.ts';
import { goLiveDecision } from './go-live.mail.ts';
import { isUuid } from '../../lib/uuid.ts';
import { PRODUCT_FLAGS, listedDomains, productStatusView, type KybStatusOfAccount, type ProductStatusView } from './product-status.ts';

export type { ChecklistItem, ChecklistItemState, KybStatusOfAccount, ProductStatusView } from './product-status.ts';
export interface KybStatusSource {
  statusOfAccount(accountId: string): Promise<KybStatusOfAccount>;
}

export const PRODUCT_LABELS: Record<RampProduct, string> = { OnRamp: 'On-ramp', OffRamp: 'Off-ramp', Swaps: 'Swaps', NftCheckout: 'NFT checkout' };

/** Staff moves: OnHold waits for the partner, who asks again (the same request goes back to Pending). */
const TRANSITIONS: Record<GoLiveStatus, readonly GoLiveStatus[]> = {
  Pending: ['InProgress', 'OnHold', 'Approved', 'Rejected'],
  InProgress: ['OnHold', 'Approved', 'Rejected'],
  OnHold: [],
  Approved: [],
  Rejected: [],
};

/** The reason a reviewer gives the partner; blank means none. */
const reviewReason = z
  .string()
  .trim()
  .max(REVIEW_REASON_MAX, `At most ${REVIEW_REASON_MAX} characters`)
  .nullish()
  .transform((value) => value || null);

const reviewInput = z
  .object({
    status: z.enum(['InProgress', 'OnHold', 'Approved', 'Rejected'], { message: 'Choose InProgress, OnHold, Approved or Rejected' }),
    reason: reviewReason,
  })
  .superRefine((input, context) => {
    if ((input.status === 'OnHold' || input.status === 'Rejected') && !input.reason) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `Give the reason the partner will see when the request is ${input.status === 'OnHold' ? 'put on hold' : 'rejected'}`,
      });
    }
  });

const listInput = z.object({
  status: z
    .array(z.enum(['NotStarted', 'Pending', 'InProgress', 'OnHold', 'Approved', 'Rejected']))
    .max(6)
    .nullish(),
  product: z.enum(RAMP_PRODUCTS).nullish(),
  skip: z.number().int().min(0, 'skip cannot be negative').max(100_000).nullish(),
  take: z.number().int().min(1, 'take is at least 1').max(100, 'take is at most 100').nullish(),
});

const domainReviewInput = z
  .object({
    domain: z.string().trim().toLowerCase().min(1, 'Name the domain').max(253, 'A domain has at most 253 characters'),
    status: z.enum(['clear', 'rejected'], { message: 'A domain is marked clear or rejected' }),
    reason: reviewReason,
  })
  .superRefine((input, context) => {
    if (input.status === 'rejected' && !input.reason)
      context.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason the partner will see for a rejected domain' });
  });

function snapshotOf(row: TestingInstructionsRow): TestingInstructionsSnapshot {
  return { url: row.url, credentials: row.credentials, steps: row.steps, updatedAt: row.updatedAt.toISOString() };
}

export function createGoLiveService(deps: { repository: GoLiveRepository; kyb: KybStatusSource; mailer: Mailer; config: Env }) {
  const { repository, kyb, mailer, config } = deps;

  async function loadAccount(accountId: string) {
    const found = isUuid(accountId) ? await repository.accountWithPlan(accountId) : undefined;
    if (!found) throw notFound('The account');
    return found;
  }

  /** Locked while a reviewer tests with them, and once a product went live with them (the approved record). */
  function instructionsEditable(requests: GoLiveRequestRow[]): boolean {
    return !requests.some((request) => request.status === 'InProgress' || request.status === 'Approved');
  }

  async function blockedStatus(accountId: string, account?: Awaited<ReturnType<typeof loadAccount>>['account']) {
    const current = account ?? (await loadAccount(accountId)).account;
    const verification = await kyb.statusOfAccount(accountId);
    const country = verification.country ?? current.onboardingDetails?.country ?? current.kybInformation.country ?? null;
    const industry = verification.industry ?? current.onboardingDetails?.industry ?? null;
    const matches = await repository.blockedMatches(country, industry);
    const match = (kind: BlockedListEntryRow['kind']) => {
      const entry = matches.find((each) => each.kind === kind);
      return entry ? { value: entry.value, action: entry.action, reason: entry.reason } : null;
    };
    const countryMatch = match('country');
    const industryMatch = match('industry');
    return { country: countryMatch, industry: industryMatch, isBlocked: countryMatch?.action === 'Block' || industryMatch?.action === 'Block' };
  }

  /** The go-live checklists and each product's readiness (product-status.ts), from what the account has done. */
  async function productStatus(accountId: string): Promise<ProductStatusView> {
    const { account, subscriptionPlanType } = await loadAccount(accountId);
    const [verification, domainReviews, hasPayout, integrationDomains, instructions, requests, blocked, helio, nft] = await Promise.all([
      kyb.statusOfAccount(accountId),
      repository.domainReviewsOf(accountId),
      repository.hasPayoutConfiguration(accountId),
      repository.integrationDomainsOf(accountId),
      repository.testingInstructions(accountId),
      repository.latestRequests(accountId),
      blockedStatus(accountId, account),
      repository.helioReadiness(accountId),
      repository.nftReadiness(accountId),
    ]);
    return productStatusView({
      accountId,
      account,
      subscriptionPlanType,
      verification,
      domainReviews,
      integrationDomains,
      hasPayout,
      hasTestingInstructions: Boolean(instructions),
      requests,
      blocked,
      helio,
      nft,
    });
  }

  function instructionsView(row: TestingInstructionsRow, isEditable: boolean) {
    return { url: row.url, credentials: row.credentials, steps: row.steps, updatedAt: row.updatedAt, isEditable };
  }

  function requestView(row: GoLiveRequestWithNames) {
    const snapshot = row.testingInstructions;
    return {
      id: row.id,
      accountId: row.accountId,
      accountName: row.accountName,
      organizationName: row.organizationName,
      product: row.product,
      status: row.status,
      reason: row.reason,
      // What the reviewer tests with: as the partner submitted it, never edited afterwards through this request.
      testingInstructions: snapshot
        ? { url: snapshot.url, credentials: snapshot.credentials, steps: snapshot.steps, updatedAt: snapshot.updatedAt, isEditable: false }
        : null,
      requestedAt: row.requestedAt,
      decidedAt: row.decidedAt,
    };
  }

  async function mailAdministrators(request: GoLiveRequestWithNames) {
    const segment = PRODUCT_ROUTE_SEGMENTS[request.product];
    const url = new URL(`/dashboard/${segment}/go-live`, config.PUBLIC_URL).toString();
    const recipients = await repository.administratorsOf(request.accountId);
    // The decision is committed and shown in the dashboard; a mail server hiccup must not turn it into an error.
    await Promise.allSettled(
      recipients.map((to) =>
        mailer.send(
          goLiveDecision({
            to,
            accountName: request.accountName,
            product: PRODUCT_LABELS[request.product],
            status: request.status,
            reason: request.reason,
            url,
          }),
        ),
      ),
    );
  }

  return {
    productStatus,
    blockedStatus: (accountId: string) => blockedStatus(accountId),

    async testingInstructions(accountId: string) {
      const [row, requests] = await Promise.all([repository.testingInstructions(accountId), repository.latestRequests(accountId)]);
      return row ? instructionsView(row, instructionsEditable(requests)) : null;
    },

    async submitTestingInstructions(accountId: string, userId: string, input: unknown) {
      const values = parseInput(testingInstructionsSchema, input);
      return repository.transaction(async (tx) => {
        await repository.lockAccount(tx, accountId);
        if (!instructionsEditable(await repository.latestRequests(accountId, tx))) {
          throw new AppError('CONFLICT', 'The testing instructions can no longer be changed: Rampart’s review has started.');
        }
        const row = await repository.saveTestingInstructions(tx, { accountId, ...values, updatedByUserId: userId });
        await repository.refreshPendingSnapshots(tx, accountId, snapshotOf(row));
        return instructionsView(row, true);
      });
    },

    async requestGoLive(accountId: string, userId: string, product: RampProduct) {
      if (!(product in PRODUCT_FLAGS)) throw badInput({ product: 'Choose OnRamp, OffRamp, Swaps or NftCheckout' });
      const status = await productStatus(accountId);
      const unmet = status.checklists[product].filter((item) => item.requiredToGoLive && item.state !== 'done');
      if (unmet.length) {
        const list = unmet.map((item) => (item.detail ? `${item.label} (${item.detail})` : item.label)).join('; ');
        throw new AppError('BAD_USER_INPUT', `Before requesting go-live for ${PRODUCT_LABELS[product]}, complete: ${list}.`, {
          fields: { product: `Not ready: ${unmet.map((item) => item.label).join(', ')}` },
          unmetItems: unmet.map(({ key, label, detail, route }) => ({ key, label, detail, route })),
        });
      }
      const id = await repository.transaction(async (tx) => {
        await repository.lockAccount(tx, accountId);
        const instructions = await repository.testingInstructions(accountId, tx);
        if (!instructions) throw badInput({ product: 'Provide testing instructions first.' });
        const latest = (await repository.latestRequests(accountId, tx)).find((request) => request.product === product);
        if (latest?.status === 'Pending' || latest?.status === 'InProgress') {
          throw new AppError(
            'CONFLICT',
            `A go-live request for ${PRODUCT_LABELS[product]} is already ${latest.status === 'Pending' ? 'waiting for review' : 'being reviewed'}.`,
          );
        }
        if (latest?.status === 'Approved') throw new AppError('CONFLICT', `${PRODUCT_LABELS[product]} is already live.`);
        const snapshot = snapshotOf(instructions);
        if (latest?.status === 'OnHold')
          return (await repository.reopenRequest(tx, latest.id, { testingInstructions: snapshot, requestedByUserId: userId })).id;
        return (await repository.insertRequest(tx, { accountId, product, testingInstructions: snapshot, requestedByUserId: userId })).id;
      });
      return requestView((await repository.withNames(id))!);
    },

    async goLiveRequests(input: unknown) {
      const values = parseInput(listInput, input);
      const statuses = values.status?.length ? values.status.filter((status): status is GoLiveStatus => status !== 'NotStarted') : null;
      const page = await repository.listRequests({ statuses, product: values.product ?? null, skip: values.skip ?? 0, take: values.take ?? 25 });
      return { items: page.items.map(requestView), totalCount: page.totalCount };
    },

    async updateGoLiveReview(staffUserId: string, requestId: string, input: unknown) {
      const values = parseInput(reviewInput, input);
      const updated = await repository.transaction(async (tx) => {
        const current = await repository.lockRequest(tx, requestId);
        if (!current) throw notFound('The go-live request');
        if (!TRANSITIONS[current.status].includes(values.status)) {
          const hint = current.status === 'OnHold' ? ' It waits for the partner to request go-live again.' : '';
          throw new AppError('CONFLICT', `A go-live request that is ${current.status} cannot move to ${values.status}.${hint}`);
        }
        const decided = values.status !== 'InProgress';
        const row = await repository.decide(tx, current.id, {
          status: values.status,
          reason: values.status === 'InProgress' ? null : values.reason,
          decidedByUserId: staffUserId,
          decided,
        });
        if (row.status === 'Approved') await repository.enableFlag(tx, row.accountId, PRODUCT_FLAGS[row.product]);
        const data = {
          accountId: row.accountId,
          reviewType: 'goLive',
          goLiveRequestId: row.id,
          product: row.product,
          status: row.status,
          reason: row.reason,
          isProductEnabled: row.status === 'Approved',
          reviewedAt: row.updatedAt.toISOString(),
        };
        // The account's review concerns both modes: endpoints of either hear it.
        for (const liveMode of [false, true])
          await emitWebhookEvent(tx, { accountId: row.accountId, liveMode, type: 'account_reviewed', data: { ...data, liveMode } });
        return (await repository.withNames(row.id, tx))!;
      });
      await mailAdministrators(updated);
      return requestView(updated);
    },

    async updateDomainReview(accountId: string, input: unknown) {
      const values = parseInput(domainReviewInput, input);
      const { account } = await loadAccount(accountId);
      const listed = new Set(listedDomains(account.onboardingDetails?.websiteUrls ?? [], await repository.integrationDomainsOf(accountId)));
      const reviewed = await repository.domainReviewsOf(accountId);
      if (!listed.has(values.domain) && !reviewed.some((review) => review.domain === values.domain)) {
        throw badInput({ domain: `${values.domain} is not one of this account's websites.` });
      }
      await repository.upsertDomainReview({ accountId, domain: values.domain, status: values.status, reason: values.reason });
      return repository.domainReviewsOf(accountId);
    },

    /** The account's domains staff have cleared (domain reviews with status clear): where an unsigned widget link may send customers back. */
    async clearedDomains(accountId: string): Promise<string[]> {
      return (await repository.domainReviewsOf(accountId)).filter((review) => review.status === 'clear').map((review) => review.domain);
    },
    blockedList: () => repository.blockedList(),
    blockedCountry: (code: string) => repository.blockedCountry(code),
    async upsertBlockedListEntry(userId: string, input: unknown) {
      const values = parseInput(blockedListEntrySchema, input);
      return repository.upsertBlockedListEntry({ ...values, createdByUserId: userId });
    },
    async deleteBlockedListEntry(id: string) {
      if (!(await repository.deleteBlockedListEntry(id))) throw notFound('The blocked-list entry');
      return true;
    },
  };
}

export type GoLiveService = ReturnType<typeof createGoLiveService>;
