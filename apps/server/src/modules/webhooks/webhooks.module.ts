import { JOB_PAYLOADS } from '../../jobs/job-payloads.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { DevelopersService } from '../developers/developers.service.ts';
import { defineModule } from '../module.ts';
import { createHttpSender } from './http-sender.ts';
import { webhooksAuditSentences } from './webhooks.audit.ts';
import { mappers } from './webhooks.mappers.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { webhooksResolvers } from './webhooks.resolvers.ts';
import { createWebhooksService } from './webhooks.service.ts';

export const webhooksModule = defineModule({
  name: 'webhooks',
  schema: new URL('./schema.graphql', import.meta.url),
  build: (
    { database, mailer, jobs, config },
    { accountsRepository, developers }: { accountsRepository: AccountsRepository; developers: DevelopersService },
  ) => {
    const repository = createWebhooksRepository(database.db);
    const sender = createHttpSender({ allowPrivateAddresses: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES });
    return {
      services: { webhooks: createWebhooksService({ repository, accounts: accountsRepository, developers, sender, mailer, jobs, config }) },
      entities: {
        webhook: { name: 'webhook', accountOf: (id) => repository.accountOfWebhook(id) },
        webhookDelivery: { name: 'webhook delivery', accountOf: (id) => repository.accountOfDelivery(id) },
      },
      // Keep-alive sockets of outgoing deliveries.
      close: () => sender.close(),
    };
  },
  resolvers: [webhooksResolvers],
  auditSentences: webhooksAuditSentences,
  jobs: {
    webhook_disabled_notice: async (payload, { services }) => {
      await services.webhooks.sendDisabledNotice(JOB_PAYLOADS.webhook_disabled_notice.parse(payload).webhookId);
    },
  },
  mappers,
});
