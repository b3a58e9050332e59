// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).
import { type AuditSentences, type Changes, reason, subject, text } from '../../lib/audit-words.ts';

function customer(changes: Changes): string {
  return text(subject(changes, 'email')) ?? `customer ${text(changes.id)?.slice(0, 8) ?? text(changes.customerId)?.slice(0, 8) ?? ''}`.trim();
}

function review(changes: Changes): string {
  return `enhanced due diligence review ${text(changes.id)?.slice(0, 8) ?? ''}`.trim();
}

export const customerAdminAuditSentences: AuditSentences = {
  updateStaffCustomer: (c) => `Edited the customer ${customer(c)}`,
  approveIdentityCheck: (c) => `Approved the identity check of ${customer(c)}${reason(c)}`,
  rejectIdentityCheck: (c) => `Rejected the identity check of ${customer(c)}${reason(c)}`,
  resetIdentityCheck: (c) => `Reset the identity check of ${customer(c)}${reason(c)}`,
  deleteCustomer: (c) => `Deleted the personal data of customer ${text(c.id)?.slice(0, 8) ?? ''}${reason(c)}`,
  flagCustomerForEdd: (c) => `Flagged customer ${text(c.customerId)?.slice(0, 8) ?? ''} for enhanced due diligence${reason(c)}`,
  addEddNote: (c) => `Added a note to the ${review(c)}`,
  approveEddReview: (c) => `Approved the ${review(c)}${reason(c)}`,
  rejectEddReview: (c) => `Rejected the ${review(c)}${reason(c)}`,
};
