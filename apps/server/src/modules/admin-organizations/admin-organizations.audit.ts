// The audit trail's sentences for this module's mutations (its declaration carries them).

import { type AuditSentences, text } from '../../lib/audit-words.ts';

const account = (c: Record<string, unknown>) => text((c._subject as Record<string, unknown> | undefined)?.name) ?? 'the account';
const statusChange = (verb: string) => (c: Record<string, unknown>) => {
  const previous = text((c._subject as Record<string, unknown> | undefined)?.previousStatus);
  const reason = text(c.reason);
  return `${verb} ${account(c)}${previous ? ` (was ${previous})` : ''}${reason ? `: “${reason}”` : ''}`;
};

export const adminOrganizationsAuditSentences: AuditSentences = {
  createPartnerOrganization: (c) => {
    const input = (c.input ?? {}) as Record<string, unknown>;
    return `Created the organization ${text(input.organizationName) ?? ''} and invited ${text(input.administratorEmail) ?? 'its administrator'}`.replace(
      '  ',
      ' ',
    );
  },
  updatePartnerOrganization: (c) => `Renamed the organization to ${text(c.name) ?? ''}`.trim(),
  updatePartnerAccount: (c) => `Edited the account ${text((c.input as Record<string, unknown> | undefined)?.name) ?? ''}`.trim(),
  enableAccount: statusChange('Made active'),
  disableAccount: statusChange('Made dormant'),
  closeAccount: statusChange('Closed'),
};
