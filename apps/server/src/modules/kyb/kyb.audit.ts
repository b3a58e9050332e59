// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, REVIEW, splitWords, text, reason } from '../../lib/audit-words.ts';

export const kybAuditSentences: AuditSentences = {
  initiateKyb: () => 'Started business verification',
  saveKybCompanyDetails: () => 'Saved the company details',
  saveKybPeople: (c) => `Saved the owners and directors${Array.isArray(c.people) ? ` (${c.people.length})` : ''}`,
  uploadKybDocument: (c) => `Uploaded ${text(c.type) ? `a ${splitWords(text(c.type)!)}` : 'a document'}`,
  deleteKybDocument: () => 'Deleted a verification document',
  saveKybQuestionnaire: () => 'Saved the questionnaire',
  submitKyb: () => 'Submitted business verification',
  generateSumSubSdkAccessToken: () => 'Opened identity verification',
  updateReview: (c) => `Set a business verification to ${REVIEW[text(c.status) ?? ''] ?? splitWords(text(c.status) ?? 'a new status')}${reason(c)}`,
};
