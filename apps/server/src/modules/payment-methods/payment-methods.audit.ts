// The audit trail's sentences for this module's mutations (issue 35); before and after are kept in `_subject`.
import { labelOfPaymentMethod } from '@rampart/shared/labels';
import { type AuditSentences, text } from '../../lib/audit-words.ts';

const where = (c: Record<string, unknown>) => `${labelOfPaymentMethod(text(c.paymentMethod))} in ${text(c.region) ?? 'a region'}`;
const why = (c: Record<string, unknown>) => (text(c.reason) ? `: ${text(c.reason)}` : '');

export const paymentMethodsAuditSentences: AuditSentences = {
  enablePaymentMethod: (c) => `Enabled ${where(c)} for a partner account${why(c)}`,
  disablePaymentMethod: (c) => `Disabled ${where(c)} for a partner account${why(c)}`,
  configurePaymentMethod: (c) => `Set the amount bounds of ${where(c)} for a partner account${why(c)}`,
  updateRoutingRules: (c) =>
    `Changed the routing rules of a partner account${Array.isArray(c.rules) ? ` (${c.rules.length} ${c.rules.length === 1 ? 'rule' : 'rules'})` : ''}${why(c)}`,
};
