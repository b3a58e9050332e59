import { z } from 'zod';
import { hasSupportChat } from '@rampart/shared/billing';
import { SUPPORT_REQUEST_STATUSES, supportReplySchema, supportRequestSchema } from '@rampart/shared/support';
import type { Env } from '../../config/env.ts';
import { DEVELOPMENT_SUPPORT_EMAIL } from '../../config/production-checks.ts';
import { AppError, notFound } from '../../graphql/errors.ts';
import type { AccountGrant } from '../../graphql/grant.ts';
import { parseInput } from '../../graphql/validate.ts';
import { withAuditChange } from '../../lib/audit-words.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { LoadedSession } from '../identity/session-store.ts';
import type { SupportRepository } from './support.repository.ts';
import * as templates from './support.mail.ts';

/** How a partner's list is capped: the launcher shows the recent conversations, not an archive. */
const PARTNER_LIST_LIMIT = 50;
const STAFF_NAME = 'Rampart support';

const pageInput = z.object({
  status: z.enum(SUPPORT_REQUEST_STATUSES).nullish(),
  skip: z.number().int().min(0, 'Skip cannot be negative').max(100_000, 'At most 100000').default(0),
  take: z.number().int().min(1, 'Take at least 1').max(100, 'At most 100 at a time').default(25),
});

type Found = NonNullable<Awaited<ReturnType<SupportRepository['find']>>>;

export function createSupportService(deps: { repository: SupportRepository; mailer: Mailer; config: Env }) {
  const { repository, mailer, config } = deps;
  const supportAddress = config.SUPPORT_EMAIL ?? DEVELOPMENT_SUPPORT_EMAIL;
  const inboxUrl = (id: string) => new URL(`/admin/support/${id}`, config.PUBLIC_URL).toString();
  const dashboardUrl = () => new URL('/', config.PUBLIC_URL).toString();

  async function views(rows: Found[]) {
    const messages = await repository.messagesOf(rows.map((row) => row.request.id));
    return rows.map((row) => ({
      ...row.request,
      accountName: row.accountName,
      organizationName: row.organizationName,
      plan: row.plan,
      openedBy: row.openedBy,
      messages: messages
        .filter(({ message }) => message.requestId === row.request.id)
        .map(({ message, firstName, lastName, email }) => ({
          ...message,
          authorName: message.fromStaff ? STAFF_NAME : `${firstName ?? ''} ${lastName ?? ''}`.trim() || email || 'A former member',
        })),
    }));
  }

  async function view(id: string) {
    const row = await repository.find(id);
    if (!row) throw notFound('The support request');
    return (await views([row]))[0]!;
  }

  /** Staff reach the partner's screens through their admin role; they answer from the support inbox instead. */
  function refuseStaffGrant(grant: AccountGrant) {
    if (grant.via === 'staff') throw new AppError('CONFLICT', 'Staff answer support requests from the support inbox, not as a member of the account.');
  }

  const nameOf = (session: LoadedSession) => `${session.user.firstName} ${session.user.lastName}`.trim() || session.user.email;

  /** E-mails the provider's support address a partner's new request or reply, with a link to it in the inbox. */
  function tellSupportTeam(session: LoadedSession, request: Awaited<ReturnType<typeof view>>, kind: 'new' | 'reply', body: string) {
    return mailer.send(
      templates.toSupportTeam({ to: supportAddress, kind, request, from: `${nameOf(session)} <${session.user.email}>`, body, url: inboxUrl(request.id) }),
    );
  }

  return {
    async ofAccount(accountId: string) {
      return views(await repository.ofAccount(accountId, PARTNER_LIST_LIMIT));
    },

    async create(session: LoadedSession, grant: AccountGrant, input: unknown) {
      const values = parseInput(supportRequestSchema, input);
      refuseStaffGrant(grant);
      // Spec §1: the support chat is for organizations not on the Free plan.
      if (!hasSupportChat((await repository.planOf(grant.accountId)) ?? 'Free'))
        throw new AppError('CONFLICT', 'Support requests come with the Basic and Pro plans. Change the plan under Billing to open one.');
      const request = await repository.insertRequest({ accountId: grant.accountId, openedByUserId: session.user.id, subject: values.subject });
      await repository.addMessage({ requestId: request.id, authorUserId: session.user.id, fromStaff: false, body: values.body });
      const shown = await view(request.id);
      await tellSupportTeam(session, shown, 'new', values.body);
      return withAuditChange(shown, { before: null, after: { subject: shown.subject, status: shown.status } });
    },

    async reply(session: LoadedSession, grant: AccountGrant, id: string, input: unknown) {
      const values = parseInput(supportReplySchema, input);
      refuseStaffGrant(grant);
      const before = await repository.lock(id);
      if (!before) throw notFound('The support request');
      await repository.addMessage({ requestId: id, authorUserId: session.user.id, fromStaff: false, body: values.body });
      await repository.setStatus(id, 'Open');
      const shown = await view(id);
      await tellSupportTeam(session, shown, 'reply', values.body);
      return withAuditChange(shown, { before: { status: before.status }, after: { status: shown.status } });
    },

    async staffPage(input: unknown) {
      const { status, skip, take } = parseInput(pageInput, input);
      const { items, totalCount } = await repository.page(status ?? null, skip, take);
      return { items: await views(items), totalCount };
    },

    async staffRequest(id: string) {
      if (!isUuid(id)) throw notFound('The support request');
      return view(id);
    },

    async answer(staff: { id: string }, id: string, input: unknown) {
      const values = parseInput(supportReplySchema, input);
      const before = isUuid(id) ? await repository.lock(id) : undefined;
      if (!before) throw notFound('The support request');
      await repository.addMessage({ requestId: id, authorUserId: staff.id, fromStaff: true, body: values.body });
      await repository.setStatus(id, 'Answered');
      const shown = await view(id);
      if (shown.openedBy) await mailer.send(templates.toRequester({ to: shown.openedBy, request: shown, body: values.body, url: dashboardUrl() }));
      return withAuditChange(shown, { before: { status: before.status }, after: { status: shown.status } });
    },

    async close(id: string) {
      const before = isUuid(id) ? await repository.lock(id) : undefined;
      if (!before) throw notFound('The support request');
      if (before.status === 'Closed') throw new AppError('CONFLICT', 'This support request is already closed.');
      await repository.setStatus(id, 'Closed');
      const shown = await view(id);
      return withAuditChange(shown, { before: { status: before.status }, after: { status: shown.status } });
    },

    /** The account owning a request, for the access directive (@entity "supportRequest"). */
    accountOf: (id: string) => (isUuid(id) ? repository.accountOf(id) : Promise.resolve(null)),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
