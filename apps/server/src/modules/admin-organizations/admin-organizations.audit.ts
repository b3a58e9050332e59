// The audit trail's sentences for this module's mutations (its declaration carries them).

import { type AuditSentences, text } from '../../lib/audit-words.ts';

const account = (c: Record<string, unknown>) => text((c._subject as Record<string, unknown> | undefined)?.name) ?? 'the account';
const statusChange = (verb: string) => (c: Record<string, unknown>) => {
  const previous = text((c._subject as Record<string, unknown> | undefined)?.previousStatus);
  const reason = text(c.reason);
  return `${verb} ${account(c)}${previous ? ` (was ${previous})` : ''}${reason ? `: “${reason}”` : ''}`;
};

const words = (value: unknown) => (typeof value === 'string' && value !== '' ? value : typeof value === 'boolean' ? String(value) : 'none');

/** ": name A → B, internalName none → X", from the before and after the mutation's result carried. */
function changed(c: Record<string, unknown>): string {
  const { before, after } = (c._subject ?? {}) as { before?: Record<string, unknown>; after?: Record<string, unknown> };
  if (!before || !after) return '';
  const parts = Object.entries(before)
    .filter(([field, value]) => field in after && words(after[field]) !== words(value))
    .map(([field, value]) => `${field} ${words(value)} → ${words(after[field])}`);
  return parts.length ? `: ${parts.join(', ')}` : ' (nothing changed)';
}

export const adminOrganizationsAuditSentences: AuditSentences = {
  createPartnerOrganization: (c) => {
    const input = (c.input ?? {}) as Record<string, unknown>;
    return `Created the organization ${text(input.organizationName) ?? ''} and invited ${text(input.administratorEmail) ?? 'its administrator'}`.replace(
      '  ',
      ' ',
    );
  },
  updatePartnerOrganization: (c) => `Edited the organization ${text(c.name) ?? ''}${changed(c)}`,
  updatePartnerAccount: (c) => {
    const input = (c.input ?? {}) as Record<string, unknown>;
    return `Edited the account ${text(input.name) ?? ''}${changed(c)}`;
  },
  enableAccount: statusChange('Made active'),
  disableAccount: statusChange('Made dormant'),
  closeAccount: statusChange('Closed'),
};
