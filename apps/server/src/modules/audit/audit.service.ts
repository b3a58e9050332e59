import { z } from 'zod';
import { parseInput } from '../../graphql/validate.ts';
import type { AuditRepository } from './audit.repository.ts';
import type { AuditInput } from './audit.types.ts';
import { redactArguments } from './redaction.ts';
import { describeAuditEvent } from './audit-sentences.ts';
import type { AuditSentences } from '../../lib/audit-words.ts';

const filterSchema = z.object({
  actorEmail: z.string().trim().max(254).optional().nullable(),
  operation: z.string().trim().max(100).optional().nullable(),
  outcome: z.enum(['success', 'failure']).optional().nullable(),
  from: z.iso.datetime({ offset: true }).optional().nullable(),
  to: z.iso.datetime({ offset: true }).optional().nullable(),
  skip: z.number().int().min(0, 'skip cannot be negative').max(100_000).default(0),
  take: z.number().int().min(1, 'take is at least 1').max(200, 'take is at most 200').default(50),
});

/** `sentences`: every module's, assembled from the module list (audit.module.ts). */
export function createAuditService(deps: { repository: AuditRepository; sentences: AuditSentences }) {
  const { repository, sentences } = deps;
  return {
    /** The event as a sentence ("Rolled the secret test key"). */
    describe(event: { operation: string; kind: string; changes: unknown }): string {
      return describeAuditEvent(event, sentences);
    },

    /** Written by the authorization wrapper for every mutation and every staff view. */
    async record(input: AuditInput): Promise<void> {
      const { actor, access } = input;
      await repository.insert({
        actorUserId: actor?.id ?? null,
        // A public operation (login) names its e-mail; the command line's `email` is whom it acted on, not who acted.
        actorEmail: actor?.email ?? (!input.viaCommandLine && typeof input.args.email === 'string' ? input.args.email.slice(0, 254) : null),
        actorRole: access?.via === 'staff' ? access.adminRole : (access?.role ?? actor?.adminRole ?? null),
        viaStaff: access?.via === 'staff',
        viaCommandLine: input.viaCommandLine ?? false,
        accountId: access?.accountId ?? null,
        operation: input.operation,
        kind: input.kind,
        outcome: input.outcome,
        errorCode: input.errorCode,
        changes: input.subject ? { ...redactArguments(input.args), _subject: redactArguments(input.subject) } : redactArguments(input.args),
        ipAddress: input.ipAddress,
        requestId: input.requestId,
      });
    },

    async list(input: Record<string, unknown>, accountId: string | null) {
      const filter = parseInput(filterSchema, input);
      const { rows, total } = await repository.list({
        ...filter,
        accountId,
        from: filter.from ? new Date(filter.from) : null,
        to: filter.to ? new Date(filter.to) : null,
      });
      return { items: rows, totalCount: total };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
