import { z } from 'zod';
import {
  accountAllowsTraffic,
  partnerOrganizationSchema,
  staffAccountEditSchema,
  staffOrganizationEditSchema,
  statusReasonSchema,
  type AccountStatus,
} from '@rampart/shared/account-status';
import { adminPermissionsOf } from '@rampart/shared/permissions';
import type { Database } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { withAuditChange } from '../../lib/audit-words.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { LoadedSession } from '../identity/session-store.ts';
import type { KybService } from '../kyb/kyb.service.ts';
import type { TeamService } from '../team/team.service.ts';
import { abandonPendingDeliveries } from '../webhooks/outbox.ts';
import type { AccountRow, AdminOrganizationsRepository } from './admin-organizations.repository.ts';

const STATUS_WORDS: Record<AccountStatus, string> = { Active: 'active', Dormant: 'dormant', Closed: 'closed' };

export function createAdminOrganizationsService(deps: { repository: AdminOrganizationsRepository; db: Database; team: TeamService; kyb: KybService }) {
  const { repository, team, kyb } = deps;

  async function organizationView(organizationId: string) {
    const organization = isUuid(organizationId) ? await repository.findOrganization(organizationId) : undefined;
    if (!organization) throw notFound('The organization');
    const accounts = await repository.accountsOf(organization.id);
    const history = await repository.statusHistory(accounts.map((account) => account.id));
    // KYB belongs to the organization (kyb.service.ts reads it through any of its accounts).
    const kybStatus = accounts[0] ? await kyb.statusOfAccount(accounts[0].id) : null;
    return {
      organization,
      accounts: accounts.map((account) => ({ account, statusHistory: history.get(account.id) ?? [] })),
      kybStatus: kybStatus?.status ?? 'NotStarted',
      kybLevel: kybStatus?.level ?? 'Basic',
    };
  }

  async function loadAccount(accountId: string): Promise<AccountRow> {
    const account = isUuid(accountId) ? await repository.lockAccount(accountId) : undefined;
    if (!account) throw notFound('The account');
    return account;
  }

  return {
    organization: organizationView,

    async createPartnerOrganization(session: LoadedSession, input: unknown) {
      // The directive checked organization:create; an account is created too.
      if (!adminPermissionsOf(session.user.adminRole).includes('account:create'))
        throw forbidden('Creating an organization also creates its first account: your admin role needs account:create too.');
      const values = parseInput(partnerOrganizationSchema, input);
      const { organization, account } = await repository.insertOrganizationWithAccount(values);
      // The team's invitation: the same e-mail, link and expiry as a partner's own invitation (sent after the commit).
      await team.createMembership(session, account.id, { email: values.administratorEmail, role: 'administrator' });
      return organizationView(organization.id);
    },

    async updatePartnerOrganization(input: { id: string; name: string; publicName?: string | null }) {
      const values = parseInput(staffOrganizationEditSchema, { name: input.name, publicName: input.publicName });
      const before = isUuid(input.id) ? await repository.findOrganization(input.id) : undefined;
      const row = before && (await repository.updateOrganization(before.id, values));
      if (!before || !row) throw notFound('The organization');
      const edited = (organization: { name: string; publicName: string | null }) => ({ name: organization.name, publicName: organization.publicName });
      return withAuditChange(row, { before: edited(before), after: edited(row) });
    },

    async updatePartnerAccount(accountId: string, input: unknown) {
      const values = parseInput(staffAccountEditSchema, input);
      const account = await loadAccount(accountId);
      const row = await repository.updateAccount(account.id, {
        name: values.name,
        internalName: values.internalName,
        requiresEnhancedKyb: values.requiresEnhancedKyb,
        kybInformation: {
          ...account.kybInformation,
          kybLevelRequiredToGoLive: values.kybLevelRequiredToGoLive,
          manuallyRequestedKybLevel: values.manuallyRequestedKybLevel,
          // What the KYB review reads (kyb.repository.ts organizationFacts): any of these asks for the Enhanced level.
          isEnhancedKybRequired:
            values.requiresEnhancedKyb || values.kybLevelRequiredToGoLive === 'Enhanced' || values.manuallyRequestedKybLevel === 'Enhanced',
        },
      });
      const edited = (facts: typeof account) => ({
        name: facts.name,
        internalName: facts.internalName,
        requiresEnhancedKyb: facts.requiresEnhancedKyb,
        kybLevelRequiredToGoLive: facts.kybInformation.kybLevelRequiredToGoLive,
        manuallyRequestedKybLevel: facts.kybInformation.manuallyRequestedKybLevel,
      });
      return withAuditChange(row, { before: edited(account), after: edited(row) });
    },

    /** Active, Dormant or Closed, with a reason (audited with the status before and after). */
    async changeStatus(accountId: string, status: AccountStatus, reason: unknown) {
      parseInput(z.object({ reason: statusReasonSchema }), { reason });
      const account = await loadAccount(accountId);
      if (account.status === status) throw new AppError('CONFLICT', `This account is already ${STATUS_WORDS[status]}.`);
      const row = await repository.updateAccount(account.id, { status });
      // What was queued for a mode that now refuses traffic is not sent afterwards (the outbox queues nothing new).
      await abandonPendingDeliveries(deps.db, account.id, { live: !accountAllowsTraffic(status, true), test: !accountAllowsTraffic(status, false) });
      // previousStatus goes into the audit row with the new status (audit-sentences.ts SUBJECT_FIELDS).
      return { ...row, previousStatus: account.status };
    },
  };
}

export type AdminOrganizationsService = ReturnType<typeof createAdminOrganizationsService>;
