import crypto from 'node:crypto';
import { z } from 'zod';
import { BUSINESS_INDUSTRIES, COUNTRY_CODES, EXPECTED_MONTHLY_VOLUMES, PRODUCT_INTERESTS, countryName, onboardingInfoSchema } from '@rampart/shared/onboarding';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { isUuid } from '../../lib/uuid.ts';
import { activeAdminRole } from '../../lib/staff-two-factor.ts';
import type { LoadedSession } from '../identity/session-store.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { AccountsRepository, LeadingAccounts } from './accounts.repository.ts';
import type { PipedriveCrm } from './pipedrive-crm.ts';
import { createFeatureFlags, evaluationContext } from './feature-flags.ts';
import { launchDarklySettings } from './launchdarkly-provider.ts';

/** Pipedrive may be down for a while: about 25 attempts span a day or more with graphile-worker's backoff. */
const CRM_MAX_ATTEMPTS = 25;

export function createAccountsService(deps: { repository: AccountsRepository; config: Env; db: Database; jobs: JobQueue; crm: PipedriveCrm | null }) {
  const { repository, config, crm } = deps;
  const flags = createFeatureFlags(deps.db, { cacheMs: config.FEATURE_FLAG_CACHE_SECONDS * 1000, launchDarkly: launchDarklySettings(config) });

  async function loadAccount(accountId: string) {
    const account = await repository.findAccount(accountId);
    if (!account) throw notFound('The account');
    return account;
  }

  return {
    flags,
    membershipsOfUser: (userId: string, take: number, lead?: LeadingAccounts) => repository.membershipsOfUser(userId, take, lead),
    membershipsOfAccount: (accountId: string) => repository.membershipsOfAccount(accountId),
    /** Access was checked by the @account directive; this only loads. */
    account: loadAccount,
    organization: (id: string) => repository.findOrganization(id),
    demoOrganizationFlags: (ids: string[]) => repository.demoOrganizationFlags(ids),
    accountsOfOrganization: (id: string) => repository.accountsOfOrganization(id),
    domainReviews: (accountId: string) => repository.domainReviewsOf(accountId),

    countries: () => COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name)),
    businessIndustries: () => [...BUSINESS_INDUSTRIES],
    productInterests: () => [...PRODUCT_INTERESTS],
    expectedMonthlyVolumes: () => [...EXPECTED_MONTHLY_VOLUMES],

    async createOnboardingInfo(session: LoadedSession, input: unknown) {
      const details = parseInput(onboardingInfoSchema, input);
      if (await repository.organizationOwnedBy(session.user.id)) {
        throw new AppError('CONFLICT', 'You have already set up your organization. Change its details on the onboarding page instead.');
      }
      const account = await repository.createOrganizationWithAccount({
        ownerId: session.user.id,
        organizationName: details.legalName,
        accountName: details.accountName,
        details,
        country: details.country,
      });
      // The CRM is written by a background job, so a Pipedrive outage never holds up onboarding; it is retried.
      if (crm) {
        await deps.jobs.add(
          'crm_sign_up',
          { userId: session.user.id, organizationId: account.organizationId },
          { jobKey: `crm_sign_up:${session.user.id}`, maxAttempts: CRM_MAX_ATTEMPTS },
        );
      }
      return account;
    },

    /**
     * The CRM job: adds the organization, then its owner as a person in it, to Pipedrive, and keeps their ids on the
     * user (`pipedriveAttributionId`: the Pipedrive organization the sign-up is attributed to; `pipedriveId`: the
     * person). Each id is stored as soon as it exists, so a retry after a failure creates nothing twice.
     */
    async addSignUpToCrm(userId: string, organizationId: string) {
      if (!crm) return;
      const row = await repository.crmSignUp(userId, organizationId);
      if (!row || row.pipedriveId) return;
      let orgId = row.pipedriveAttributionId ? Number(row.pipedriveAttributionId) : null;
      if (!orgId) {
        orgId = await crm.createOrganization(row.organizationName);
        await repository.setPipedriveIds(userId, { pipedriveAttributionId: String(orgId) });
      }
      const name = `${row.firstName} ${row.lastName}`.trim() || row.email;
      const personId = await crm.createPerson({ name, email: row.email, orgId });
      await repository.setPipedriveIds(userId, { pipedriveId: String(personId) });
    },

    async updateOnboardingInfo(accountId: string, input: unknown) {
      const details = parseInput(onboardingInfoSchema, input);
      const account = await loadAccount(accountId);
      await repository.addDomainReviews(accountId, [...new Set(details.websiteUrls.map((url) => new URL(url).hostname))]);
      await repository.updateOrganizationName(account.organizationId, details.legalName);
      return repository.updateAccount(accountId, {
        name: details.accountName,
        onboardingDetails: details,
        kybInformation: { ...account.kybInformation, country: details.country },
      });
    },

    markFaqAsRead: (accountId: string) => repository.updateAccount(accountId, { faqReadAt: new Date() }),

    /** The support chat's identity: with Intercom, signed with Intercom's identity verification secret (its user_hash). */
    userHash(userId: string) {
      return {
        userHash: crypto
          .createHmac('sha256', config.INTERCOM_IDENTITY_SECRET ?? config.USER_HASH_SECRET)
          .update(userId)
          .digest('hex'),
      };
    },

    syncUserWithAccount: (userId: string, accountId: string) => repository.setLastSelectedAccount(userId, accountId),

    async clearUserToken(userId: string) {
      await repository.setLastSelectedAccount(userId, null);
      await repository.deleteSupportContact(userId);
      return true;
    },

    async createSupportContact(session: LoadedSession, accountId: string, input: unknown) {
      const values = parseInput(
        z.object({
          email: z.email('Enter a valid e-mail address').max(254),
          name: z.string().trim().min(1, 'Enter a name').max(200, 'At most 200 characters'),
          companyName: z.string().trim().min(1, 'Enter the company name').max(200, 'At most 200 characters'),
        }),
        input,
      );
      await repository.upsertSupportContact({ userId: session.user.id, companyId: accountId, ...values });
      return true;
    },

    async searchOrganizations(input: { search?: string | null; skip?: number | null; take?: number | null }) {
      const values = parseInput(
        z.object({
          search: z.string().trim().max(200, 'At most 200 characters').optional().nullable(),
          skip: z.number().int().min(0).max(100_000).default(0),
          take: z.number().int().min(1).max(100, 'take is at most 100').default(25),
        }),
        input,
      );
      return repository.searchOrganizations(values.search || null, values.skip, values.take);
    },

    async featureFlags(session: LoadedSession, accountId: string | null) {
      let account = null;
      let organization = null;
      if (accountId && !isUuid(accountId)) throw badInput({ accountId: 'accountId is not an account id.' });
      if (accountId) {
        account = (await repository.acceptedRole(session.user.id, accountId)) || activeAdminRole(session.user) ? await repository.findAccount(accountId) : null;
        if (account) organization = (await repository.findOrganization(account.organizationId)) ?? null;
      }
      return flags.evaluateAll(evaluationContext({ user: session.user, account, organization }));
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
