import { z } from 'zod';
import type { AuditInput } from '../../graphql/authorization.ts';
import { redactArguments } from '../../graphql/authorization.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { AuditRepository } from './audit.repository.ts';

const filterSchema = z.object({
  actorEmail: z.string().trim().max(254).optional().nullable(),
  operation: z.string().trim().max(100).optional().nullable(),
  outcome: z.enum(['success', 'failure']).optional().nullable(),
  from: z.iso.datetime({ offset: true }).optional().nullable(),
  to: z.iso.datetime({ offset: true }).optional().nullable(),
  skip: z.number().int().min(0, 'skip cannot be negative').max(100_000).default(0),
  take: z.number().int().min(1, 'take is at least 1').max(200, 'take is at most 200').default(50),
});

export function createAuditService(deps: { repository: AuditRepository }) {
  const { repository } = deps;
  return {
    /** Written by the authorization wrapper for every mutation and every staff view. */
    async record(input: AuditInput): Promise<void> {
      const { context, grant } = input;
      const user = context.session?.user ?? null;
      await repository.insert({
        actorUserId: user?.id ?? null,
        actorEmail: user?.email ?? (typeof input.args.email === 'string' ? input.args.email.slice(0, 254) : null),
        actorRole: grant?.via === 'staff' ? grant.adminRole : (grant?.role ?? user?.adminRole ?? null),
        viaStaff: grant?.via === 'staff',
        accountId: grant?.accountId ?? null,
        operation: input.operation,
        kind: input.kind,
        outcome: input.outcome,
        errorCode: input.errorCode,
        changes: redactArguments(input.args),
        ipAddress: context.ipAddress,
        requestId: context.requestId,
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
