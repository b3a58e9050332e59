import { z } from 'zod';
import { parseInput } from '../../graphql/validate.ts';
import type { AuditFilter, AuditRepository } from './audit.repository.ts';
import type { AuditInput } from './audit.types.ts';
import { redactArguments } from './redaction.ts';
import { describeAuditEvent } from './audit-sentences.ts';
import type { AuditSentences } from '../../lib/audit-words.ts';
import { csvLine } from '../../lib/csv.ts';

const EXPORT_PAGE = 500;
const EXPORT_COLUMNS = [
  'occurred_at',
  'actor_email',
  'actor_role',
  'via_staff',
  'via_command_line',
  'account_id',
  'operation',
  'summary',
  'kind',
  'outcome',
  'error_code',
  'changes',
  'ip_address',
  'request_id',
] as const;

const filterSchema = z.object({
  actorEmail: z.string().trim().max(254).optional().nullable(),
  operation: z.string().trim().max(100).optional().nullable(),
  outcome: z.enum(['success', 'failure']).optional().nullable(),
  from: z.iso.datetime({ offset: true }).optional().nullable(),
  to: z.iso.datetime({ offset: true }).optional().nullable(),
  skip: z.number().int().min(0, 'skip cannot be negative').max(100_000).default(0),
  take: z.number().int().min(1, 'take is at least 1').max(200, 'take is at most 200').default(50),
});

export type ExportFilter = Omit<AuditFilter, 'skip' | 'take'>;

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

    /** The export's filters, checked as the list's: an error here comes before any byte of the file. */
    exportFilter(input: Record<string, unknown>): ExportFilter {
      const filter = parseInput(filterSchema.omit({ skip: true, take: true }), input);
      const accountId = parseInput(z.object({ accountId: z.uuid('Unknown account id.').optional().nullable() }), { accountId: input.accountId }).accountId;
      return { ...filter, accountId: accountId ?? null, from: filter.from ? new Date(filter.from) : null, to: filter.to ? new Date(filter.to) : null };
    },

    /** The filtered trail as CSV lines, newest first, read a page at a time (never the whole trail in memory). */
    async *exportCsv(filter: ExportFilter): AsyncGenerator<string> {
      yield csvLine(EXPORT_COLUMNS);
      let after: { occurredAt: Date; id: string } | null = null;
      for (;;) {
        const rows = await repository.page(filter, after, EXPORT_PAGE);
        if (!rows.length) return;
        yield rows
          .map((row) =>
            csvLine([
              row.occurredAt,
              row.actorEmail,
              row.actorRole,
              row.viaStaff,
              row.viaCommandLine,
              row.accountId,
              row.operation,
              describeAuditEvent(row, sentences),
              row.kind,
              row.outcome,
              row.errorCode,
              JSON.stringify(row.changes),
              row.ipAddress,
              row.requestId,
            ]),
          )
          .join('');
        if (rows.length < EXPORT_PAGE) return;
        after = rows.at(-1)!;
      }
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
