/**
 * GET /exports/audit-events.csv?accountId=…&actorEmail=…&operation=…&outcome=…&from=…&to=…: the staff audit trail with
 * the filters of its screen (the auditEvents query), as CSV streamed a page at a time. Signed in by the session cookie
 * plus the X-CSRF-TOKEN header, like GraphQL; needs auditTrail:export (and two-factor authentication, as every staff
 * action). The export itself is written to the trail.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { adminPermissionsOf } from '@rampart/shared/permissions';
import type { Env } from '../../config/env.ts';
import type { Services } from '../../services.ts';
import { createContextFactory } from '../../graphql/context-factory.ts';
import { auditEvent } from '../../graphql/authorization.ts';
import { isAppError } from '../../graphql/errors.ts';
import { hasTwoFactor } from '../../lib/staff-two-factor.ts';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters } from '../../lib/text.ts';

const FILTERS = ['accountId', 'actorEmail', 'operation', 'outcome', 'from', 'to'] as const;

export function registerAuditExport(app: FastifyInstance, deps: { config: Env; services: Services; pool: pg.Pool }) {
  const contextFor = createContextFactory({ config: deps.config, services: deps.services, pool: deps.pool });
  app.get('/exports/audit-events.csv', async (request, reply) => {
    const fail = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
      reply.code(status).send({ errors: [{ message, extensions: { code, ...extra } }] });
    const query = request.query as Record<string, string | string[] | undefined>;
    const context = await contextFor(request, reply);
    if (!context.session) return fail(401, 'UNAUTHENTICATED', 'You are not signed in, or your session has ended. Please sign in again.');
    const user = context.session.user;
    if (!adminPermissionsOf(user.adminRole).includes('auditTrail:export')) return fail(403, 'FORBIDDEN_ERROR', 'You do not have permission to do this.');
    if (!hasTwoFactor(user)) {
      return fail(403, 'STAFF_TWO_FACTOR_REQUIRED', 'Rampart staff must turn on two-factor authentication before their first staff action.');
    }
    const input: Record<string, string | null> = {};
    for (const name of FILTERS) {
      const value = query[name];
      if (Array.isArray(value)) return fail(400, 'BAD_USER_INPUT', `Give ${name} once.`, { fields: { [name]: `Give ${name} once.` } });
      if (value !== undefined && hasForbiddenCharacters(value)) {
        return fail(400, 'BAD_USER_INPUT', `${name} ${FORBIDDEN_CHARACTERS_MESSAGE}`, { fields: { [name]: `${name} ${FORBIDDEN_CHARACTERS_MESSAGE}` } });
      }
      input[name] = value === undefined || value === '' ? null : value;
    }
    let filter;
    try {
      filter = deps.services.audit.exportFilter(input);
    } catch (error) {
      if (!isAppError(error)) throw error;
      return fail(400, error.code, error.message, error.extensions);
    }
    await deps.services.authorization.audit(
      auditEvent(context, null, { operation: 'exportAuditEventsCsv', kind: 'view', outcome: 'success', errorCode: null, args: input }),
    );
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-trail-${date}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(deps.services.audit.exportCsv(filter)));
  });
}
