import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Services } from '../../services.ts';
import { createStripeProvider, type StripeBillingProvider } from './stripe-provider.ts';

type Refusal = { error: { type: string; message: string } };
const refusal = (type: string, message: string): Refusal => ({ error: { type, message } });

/**
 * POST /webhooks/stripe: Stripe's events, verified with the library's signature check over the exact bytes received, then
 * applied once through services.billing.applyProviderEvent. Without Stripe configured the route answers 404.
 */
export async function registerStripeWebhookRoutes(app: FastifyInstance, deps: { config: Env; services: Services; provider?: StripeBillingProvider }) {
  const { config, services } = deps;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  const provider =
    config.STRIPE_SECRET_KEY && secret
      ? (deps.provider ?? createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}) }))
      : null;

  await app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent, so this route alone keeps the body raw, whatever its type.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post('/webhooks/stripe', async (request, reply) => {
      if (!provider || !secret)
        return reply.code(404).send(refusal('not_configured', 'Stripe is not configured on this server; billing runs in the built-in sandbox.'));
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      if (typeof header !== 'string' || header === '') return reply.code(400).send(refusal('invalid_signature', 'The Stripe-Signature header is missing.'));

      let event;
      try {
        event = provider.verifyWebhook(raw, header, secret);
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The signature could not be verified.';
        request.log.warn({ reason: message }, 'stripe webhook refused');
        return reply.code(400).send(refusal('invalid_signature', message));
      }

      let normalised;
      try {
        normalised = await provider.toBillingEvent(event);
      } catch (error) {
        // Reading the subscription back from Stripe failed: a non-2xx makes Stripe deliver the event again later.
        request.log.error({ err: error, stripeEventId: event.id }, 'stripe webhook could not be read');
        return reply.code(503).send(refusal('provider_unavailable', `The event ${event.id} could not be processed now; Stripe will deliver it again.`));
      }
      if (normalised.kind === 'ignored') {
        return reply.code(200).send({ received: true, eventId: event.id, type: event.type, outcome: 'ignored', reason: normalised.reason });
      }
      const applied = await services.billing.applyProviderEvent('stripe', normalised.event, event);
      return reply.code(200).send({ received: true, eventId: event.id, type: event.type, outcome: applied.outcome });
    });
  });
}
