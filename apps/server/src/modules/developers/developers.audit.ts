// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, type Changes, splitWords, text, subject, mode, reason } from '../../lib/audit-words.ts';

const KEY_TYPE: Record<string, string> = {
  secret: 'secret',
  restricted: 'restricted',
  publishable: 'publishable',
  public: 'public',
  webhook: 'webhook signing',
};

/** "the secret test key “CI deploys”", from the key the mutation returned (or the arguments of a create). */
function apiKey(changes: Changes): string {
  const type = text(subject(changes, 'type'));
  const live = subject(changes, 'liveMode') ?? changes.liveMode;
  const name = text(subject(changes, 'name')) ?? text(changes.name);
  const words = ['the', type ? (KEY_TYPE[type] ?? splitWords(type)) : null, mode(live) || null, 'key'].filter(Boolean).join(' ');
  return name ? `${words} “${name}”` : words;
}

export const developersAuditSentences: AuditSentences = {
  rollApiKey: (c) => `Rolled ${apiKey(c)}${c.deleteOldKeyNow === true ? ', ending the old key at once' : ''}${reason(c)}`,
  createApiKey: (c) =>
    `Created ${apiKey({ ...c, _subject: { type: Array.isArray(c.restrictions) && c.restrictions.length ? 'restricted' : 'secret', ...c._subject } })}`,
  renameApiKey: (c) => `Renamed ${apiKey({ ...c, _subject: { ...c._subject, name: undefined } })} to “${text(c.name) ?? ''}”`,
  revealApiKey: (c) => `Revealed ${apiKey(c)}`,
  deleteApiKey: (c) => `Deleted ${apiKey(c)}`,
  uploadPublicApiKey: (c) => `Uploaded a public key for ${mode(c.liveMode) || 'this'} mode`,
  deletePublicApiKey: () => 'Deleted the uploaded public key',
  generateSignedUrl: (c) => `Signed a widget URL for ${mode(c.liveMode) || 'this'} mode`,
};
