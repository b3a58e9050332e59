// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, type Changes, text, subject } from '../../lib/audit-words.ts';

/** The name a passes mutation was given (input.name) or returned. */
function passName(c: Changes): string | null {
  return text((c.input as Record<string, unknown> | undefined)?.name) ?? text(c._subject?.name);
}

export const passesAuditSentences: AuditSentences = {
  createPassProject: (c) => `Created the pass project ${passName(c) ?? ''}`.trim(),
  updatePassProject: (c) => `Changed the pass project ${passName(c) ?? ''}`.trim(),
  deletePassProject: () => 'Deleted a pass project',
  createPassPolicy: (c) => `Added the pass policy ${passName(c) ?? ''}`.trim(),
  updatePassPolicy: (c) => `Changed the pass policy ${passName(c) ?? ''}`.trim(),
  deletePassPolicy: () => 'Deleted a pass policy (passes it alone admitted were invalidated)',
  createPassTemplate: (c) => `Added the pass template ${passName(c) ?? ''}`.trim(),
  updatePassTemplate: (c) => `Changed the pass template ${passName(c) ?? ''}`.trim(),
  setPassTemplateImage: (c) =>
    `${c.file ? 'Uploaded' : 'Removed'} the ${text(c.slot) ?? ''} image of the pass template ${text(subject(c, 'name')) ?? ''}`.replace(/\s+/g, ' ').trim(),
  deletePassTemplate: () => 'Deleted a pass template',
  createPassProjectApiKey: (c) => `Created the pass project API key ${text(c.name) ?? ''}`.trim(),
  revokePassProjectApiKey: (c) => `Revoked the pass project API key ${text(subject(c, 'name')) ?? ''}`.trim(),
  createPassProjectWebhook: (c) => `Added a pass project webhook to ${text(c.url) ?? 'a URL'}`,
  updatePassProjectAppleCredentials: (c) => `Uploaded the Apple pass certificate${text(c.passTypeIdentifier) ? ` for ${text(c.passTypeIdentifier)}` : ''}`,
  updatePassProjectGoogleCredentials: (c) => `Uploaded the Google Wallet service-account key${text(c.issuerId) ? ` for issuer ${text(c.issuerId)}` : ''}`,
  resetPassProjectCredentials: (c) => `Went back to development credentials for ${c.wallet === 'google' ? 'Google Wallet' : 'Apple Wallet'}`,
  invalidatePass: () => 'Invalidated a pass',
  issueTestPass: (c) => `Issued a test pass to ${text((c.input as Record<string, unknown> | undefined)?.walletAddress) ?? 'a wallet'}`,
};
