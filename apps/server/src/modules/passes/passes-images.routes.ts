import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

/** GET /files/passes/templates/:templateId/:slot.png?expires=…&sig=…: a template image behind a short-lived signed link. */
export async function registerPassImageRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { services } = deps;
  const refuse = (code: string, message: string) => ({ errors: [{ message, extensions: { code } }] });
  app.get<{ Params: { templateId: string; file: string }; Querystring: Record<string, unknown> }>(
    '/files/passes/templates/:templateId/:file',
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      const slot = /^(logo|icon|strip)\.png$/.exec(request.params.file)?.[1] ?? '';
      const opened = await services.passes.openTemplateImage(request.params.templateId, slot, request.query.expires, request.query.sig);
      if (opened.status === 403) return reply.code(403).send(refuse('FORBIDDEN_ERROR', 'This link is not valid or has expired. Open the template again.'));
      if (opened.status !== 200) return reply.code(404).send(refuse('NOT_FOUND', 'This image was removed.'));
      return reply.code(200).header('content-type', 'image/png').header('content-security-policy', "default-src 'none'").send(opened.bytes);
    },
  );
}
