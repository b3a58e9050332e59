// The words audit sentences share. Each module writes the sentences of its own mutations (`<module>.audit.ts`, carried
// by its declaration); the audit module assembles them from the module list (modules/audit/audit-sentences.ts).

/** The arguments of an event as stored (secrets redacted), with `_subject`: a few facts of what the mutation returned. */
export type Changes = Record<string, unknown> & { _subject?: Record<string, unknown> };

/** Where a mutation's result carries the state it changed from and to (read by subjectOf, never sent to the client). */
export const AUDIT_CHANGE = Symbol('auditChange');

/**
 * Marks a mutation's result with what it changed, before and after: the audit row keeps both in `_subject`, where the
 * module's sentence reads them (issue 35: staff changes are audited with before and after). The one way to do so.
 */
export function withAuditChange<T extends object>(result: T, change: { before: unknown; after: unknown }): T {
  Object.defineProperty(result, AUDIT_CHANGE, { value: change, enumerable: false });
  return result;
}

/** One mutation's event in words. */
export type AuditSentence = (changes: Changes) => string;

/** A module's sentences, by mutation name. */
export type AuditSentences = Record<string, AuditSentence>;

/** Review statuses in words (go-live requests, domains and business verification). */
export const REVIEW: Record<string, string> = {
  NotStarted: 'not started',
  Pending: 'pending review',
  InProgress: 'in review',
  OnHold: 'on hold',
  Approved: 'approved',
  Rejected: 'rejected',
  clear: 'clear',
  rejected: 'rejected',
};

/** "waitingForDeposit" → "waiting for deposit"; "rollApiKey" → "roll api key". */
export function splitWords(value: string): string {
  return value
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A stored value worth quoting: a non-blank string that was not redacted. */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value !== '[redacted]' ? value : null;
}

export function subject(changes: Changes, field: string): unknown {
  return changes._subject?.[field];
}

/** " with a two-factor recovery code (9 left)" when a sign-in used one (graphql/auth-payload.ts marks it). */
export function recoveryCodeUse(changes: Changes): string {
  // `left`, not a name with "code" in it, which the audit trail's redaction would hide.
  const after = subject(changes, 'after') as { secondFactor?: unknown; left?: unknown } | undefined;
  if (after?.secondFactor !== 'recoveryCode') return '';
  const left = typeof after.left === 'number' ? ` (${after.left} left)` : '';
  return ` with a two-factor recovery code${left}`;
}

export function mode(liveMode: unknown): string {
  return liveMode === true ? 'live' : liveMode === false ? 'test' : '';
}

export function reason(changes: Changes): string {
  const because = text(changes.reason);
  return because ? ` (reason: ${because})` : '';
}
