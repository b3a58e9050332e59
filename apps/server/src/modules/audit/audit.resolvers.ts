import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { isUuid } from '../../lib/uuid.ts';

export const auditResolvers: Resolvers = {
  Query: {
    accountAuditEvents: (_parent, { accountId: _accountId, ...filter }, context) => context.services.audit.list(filter, requireGrant(context).accountId),
    auditEvents: (_parent, { accountId, ...filter }, context) => {
      if (accountId && !isUuid(accountId)) throw badInput({ accountId: 'Unknown account id.' });
      return context.services.audit.list(filter, accountId ?? null);
    },
  },
  AuditEvent: {
    changes: (event) => JSON.stringify(event.changes),
    summary: (event, _args, context) => context.services.audit.describe(event),
    ipAddress: (event) => event.ipAddress ?? null,
  },
};
