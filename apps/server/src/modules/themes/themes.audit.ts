// The audit trail's sentences for this module's mutations (its declaration carries them; audit-sentences.test.ts
// checks that every Mutation has one).

import { type AuditSentences, type Changes, text, subject } from '../../lib/audit-words.ts';

/** "the theme “Brand”", from the theme the mutation returned (or the name it was given). */
function theme(changes: Changes): string {
  const name = text(subject(changes, 'name')) ?? text(changes.name);
  return name ? `the theme “${name}”` : 'the theme';
}

export const themesAuditSentences: AuditSentences = {
  generateInitialTheme: (c) =>
    `Created ${theme(c)}${text(c.brandColor) ? ` from the brand colour ${text(c.brandColor)}` : c.logo ? ' from a logo' : ''}${c.makeActive === true ? ' and made it active' : ''}`,
  changeActiveTheme: (c) => `Made ${theme(c)} active`,
  updateActiveTheme: (c) => `Saved ${typeof c.expectedVersion === 'number' ? `version ${c.expectedVersion + 1}` : 'a new version'} of ${theme(c)}`,
  restoreThemeVersion: (c) => `Restored ${typeof c.version === 'number' ? `version ${c.version}` : 'an earlier version'} of ${theme(c)}`,
  deleteAccountTheme: () => 'Deleted a theme',
};
