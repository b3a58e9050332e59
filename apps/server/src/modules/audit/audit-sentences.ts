// The audit trail in words: each event as a sentence from its operation, arguments and the subject the mutation
// returned ("Rolled the secret test key", "Invited ana@example.com as Developer"). Each module writes the sentences of
// its own mutations (`<module>.audit.ts`) and its declaration carries them; the audit service assembles them from the
// module list. Every Mutation of the SDL has an entry (audit-sentences.test.ts checks); anything else still reads as
// words (the operation name split up).

import { AUDIT_CHANGE, capitalize, splitWords, type AuditSentences, type Changes } from '../../lib/audit-words.ts';

/** Every module's sentences in one table; a mutation with two sentences is a programming error. */
export function assembleAuditSentences(modules: readonly { name: string; auditSentences?: AuditSentences }[]): AuditSentences {
  const sentences: AuditSentences = {};
  for (const module of modules) {
    for (const [operation, sentence] of Object.entries(module.auditSentences ?? {})) {
      if (operation in sentences) throw new Error(`The audit sentence of ${operation} is declared twice (module ${module.name})`);
      sentences[operation] = sentence;
    }
  }
  return sentences;
}

/** The sentence of one event; an operation without an entry reads as its name in words ("Viewed customer transactions"). */
export function describeAuditEvent(event: { operation: string; kind: string; changes: unknown }, sentences: AuditSentences): string {
  const changes = (event.changes && typeof event.changes === 'object' ? event.changes : {}) as Changes;
  const sentence = sentences[event.operation];
  if (sentence && event.kind === 'mutation') {
    try {
      return sentence(changes);
    } catch {
      // A malformed stored row must not hide the event: fall through to the words of its name.
    }
  }
  const words = splitWords(event.operation);
  return event.kind === 'view' ? `Viewed ${words.replace(/^(get|list|search) /, '')}` : capitalize(words);
}

/** Facts of what a mutation returned that make its sentence readable; never secrets (no values, hashes or tokens). */
const SUBJECT_FIELDS = ['type', 'liveMode', 'name', 'email', 'url', 'role', 'status', 'previousStatus', 'product', 'transactionType'] as const;

export function subjectOf(result: unknown): Record<string, unknown> | undefined {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return undefined;
  const record = result as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const field of SUBJECT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'boolean') picked[field] = typeof value === 'string' ? value.slice(0, 200) : value;
  }
  const user = record.user as Record<string, unknown> | undefined;
  if (user && typeof user.email === 'string') picked.email = user.email;
  // What the mutation changed, before and after (withAuditChange).
  const change = (result as { [AUDIT_CHANGE]?: { before: unknown; after: unknown } })[AUDIT_CHANGE];
  if (change) Object.assign(picked, { before: change.before, after: change.after });
  return Object.keys(picked).length ? picked : undefined;
}
