import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { passAppleRegistrations, passes, passProjectCredentials } from '../../db/schema/passes.ts';
import { hashToken, type PassFiles } from './pass-files.ts';
import { recordPassEvent, type PassRow } from './pass-lifecycle.ts';

/**
 * Apple's PassKit web service (Wallet Passes → "Adding a Web Service to Update Passes"), at the pass.json's
 * webServiceURL `${PUBLIC_URL}/passes-api/apple`: devices register for a pass's updates (Rampart counts a registration
 * as the pass being added to Apple Wallet: event addedToAppleWallet + webhook pass.added), unregister, list the passes
 * that changed, and fetch the latest .pkpass. Calls about a pass carry `Authorization: ApplePass <authenticationToken>`.
 */
const IDENTIFIER = /^[A-Za-z0-9._-]{1,200}$/;
const registrationBody = z.object({ pushToken: z.string().min(1).max(500) });

type PassParams = { deviceLibraryIdentifier: string; passTypeIdentifier: string; serialNumber: string };

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({
    error: { type: status === 401 ? 'authentication_error' : 'invalid_request_error', code: status === 401 ? 'unauthorized' : 'invalid_request', message },
  });
}

export async function registerAppleWebService(app: FastifyInstance, deps: { db: Database; passFiles: PassFiles }) {
  const { db, passFiles } = deps;

  /** The pass named by the path whose token the request carries, or null (Apple expects 401 then). */
  async function authorizedPass(request: FastifyRequest, passTypeIdentifier: string, serialNumber: string): Promise<PassRow | null> {
    const match = /^ApplePass\s+(\S+)$/.exec(request.headers.authorization ?? '');
    if (!match || !IDENTIFIER.test(passTypeIdentifier) || !IDENTIFIER.test(serialNumber)) return null;
    const [found] = await db
      .select({ pass: passes, passTypeIdentifier: passProjectCredentials.applePassTypeIdentifier })
      .from(passes)
      .innerJoin(passProjectCredentials, eq(passProjectCredentials.projectId, passes.projectId))
      .where(eq(passes.serialNumber, serialNumber));
    if (!found || found.passTypeIdentifier !== passTypeIdentifier) return null;
    const expected = Buffer.from(found.pass.authenticationTokenHash);
    const given = Buffer.from(hashToken(match[1]!));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? found.pass : null;
  }

  app.post<{ Params: PassParams }>('/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber', async (request, reply) => {
    const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
    const pass = await authorizedPass(request, passTypeIdentifier, serialNumber);
    if (!pass) return refuse(reply, 401, 'This request is not authorized for this pass.');
    const body = registrationBody.safeParse(request.body ?? {});
    if (!body.success || !IDENTIFIER.test(deviceLibraryIdentifier)) return refuse(reply, 400, 'Send {"pushToken": "…"} for a device library identifier.');
    const created = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(passAppleRegistrations)
        .values({ passId: pass.id, deviceLibraryIdentifier, pushToken: body.data.pushToken })
        .onConflictDoNothing()
        .returning({ passId: passAppleRegistrations.passId });
      if (inserted.length === 0) {
        await tx
          .update(passAppleRegistrations)
          .set({ pushToken: body.data.pushToken })
          .where(and(eq(passAppleRegistrations.passId, pass.id), eq(passAppleRegistrations.deviceLibraryIdentifier, deviceLibraryIdentifier)));
        return false;
      }
      await recordPassEvent(tx, pass, 'addedToAppleWallet', { deviceLibraryIdentifier });
      return true;
    });
    return reply.code(created ? 201 : 200).send();
  });

  app.delete<{ Params: PassParams }>('/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber', async (request, reply) => {
    const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
    const pass = await authorizedPass(request, passTypeIdentifier, serialNumber);
    if (!pass) return refuse(reply, 401, 'This request is not authorized for this pass.');
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(passAppleRegistrations)
        .where(and(eq(passAppleRegistrations.passId, pass.id), eq(passAppleRegistrations.deviceLibraryIdentifier, deviceLibraryIdentifier)))
        .returning({ passId: passAppleRegistrations.passId });
      if (deleted.length > 0) await recordPassEvent(tx, pass, 'removedFromAppleWallet', { deviceLibraryIdentifier });
    });
    return reply.code(200).send();
  });

  // The serial numbers of a device's passes of this type changed since `passesUpdatedSince` (our tag: epoch ms).
  app.get<{ Params: { deviceLibraryIdentifier: string; passTypeIdentifier: string }; Querystring: { passesUpdatedSince?: string } }>(
    '/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier } = request.params;
      if (!IDENTIFIER.test(deviceLibraryIdentifier) || !IDENTIFIER.test(passTypeIdentifier)) return reply.code(204).send();
      const since = request.query.passesUpdatedSince;
      const sinceMs = since && /^\d{1,15}$/.test(since) ? Number(since) : null;
      const rows = await db
        .select({ serialNumber: passes.serialNumber, updatedMs: sql<string>`floor(extract(epoch from ${passes.updatedAt}) * 1000)::bigint::text` })
        .from(passAppleRegistrations)
        .innerJoin(passes, eq(passes.id, passAppleRegistrations.passId))
        .innerJoin(passProjectCredentials, eq(passProjectCredentials.projectId, passes.projectId))
        .where(
          and(
            eq(passAppleRegistrations.deviceLibraryIdentifier, deviceLibraryIdentifier),
            eq(passProjectCredentials.applePassTypeIdentifier, passTypeIdentifier),
            sinceMs !== null ? sql`floor(extract(epoch from ${passes.updatedAt}) * 1000) > ${sinceMs}` : undefined,
          ),
        );
      if (rows.length === 0) return reply.code(204).send();
      const lastUpdated = rows.reduce((max, row) => (BigInt(row.updatedMs) > BigInt(max) ? row.updatedMs : max), '0');
      return reply.send({ serialNumbers: rows.map((row) => row.serialNumber), lastUpdated });
    },
  );

  app.get<{ Params: { passTypeIdentifier: string; serialNumber: string } }>('/v1/passes/:passTypeIdentifier/:serialNumber', async (request, reply) => {
    const pass = await authorizedPass(request, request.params.passTypeIdentifier, request.params.serialNumber);
    if (!pass) return refuse(reply, 401, 'This request is not authorized for this pass.');
    const lastModified = new Date(Math.floor(pass.updatedAt.getTime() / 1000) * 1000);
    const since = request.headers['if-modified-since'];
    if (since && !Number.isNaN(Date.parse(since)) && Date.parse(since) >= lastModified.getTime()) return reply.code(304).send();
    const bytes = await passFiles.pkpass(pass);
    return reply.header('content-type', 'application/vnd.apple.pkpass').header('last-modified', lastModified.toUTCString()).send(bytes);
  });

  // Devices report web-service problems here; kept in the server log.
  app.post('/v1/log', async (request, reply) => {
    const logs = (request.body as { logs?: unknown } | undefined)?.logs;
    if (Array.isArray(logs)) request.log.info({ logs: logs.slice(0, 20).map((line) => String(line).slice(0, 500)) }, 'apple wallet device log');
    return reply.code(200).send();
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ error: { type: 'not_found_error', code: 'route_not_found', message: `No route ${request.method} ${request.url.split('?')[0]}.` } }),
  );
}
