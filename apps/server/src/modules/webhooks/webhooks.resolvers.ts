import { WEBHOOK_EVENT_TYPES } from '@rampart/shared/enums';
import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant } from '../../graphql/context.ts';

export const webhooksResolvers: Resolvers = {
  Query: {
    webhookEventTypes: () => [...WEBHOOK_EVENT_TYPES],
    webhooks: (_parent, args, context) => context.services.webhooks.list(requireGrant(context).accountId, args.liveMode),
    webhookDeliveries: (_parent, args, context) => context.services.webhooks.deliveries(args.id, args),
  },
  Mutation: {
    createWebhook: (_parent, args, context) => context.services.webhooks.create(requireGrant(context).accountId, args),
    updateWebhook: (_parent, args, context) => context.services.webhooks.update(args.id, args),
    deleteWebhook: (_parent, args, context) => context.services.webhooks.remove(args.id),
    triggerTestWebhook: (_parent, args, context) => context.services.webhooks.triggerTest(args.id, args.event),
    resendWebhookDelivery: (_parent, args, context) => context.services.webhooks.resend(args.id),
  },
  Webhook: {
    recentFailureCount: (webhook, _args, context) => context.services.webhooks.recentFailureCount(webhook.id),
  },
  WebhookDelivery: {
    attempts: (delivery, _args, context) => context.services.webhooks.attempts(delivery.id),
  },
};
