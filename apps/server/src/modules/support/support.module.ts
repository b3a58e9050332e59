import { defineModule } from '../module.ts';
import { supportAuditSentences } from './support.audit.ts';
import { createSupportRepository } from './support.repository.ts';
import { supportResolvers } from './support.resolvers.ts';
import { createSupportService } from './support.service.ts';

/** The built-in support chat: partners' support requests, the staff support inbox, and the e-mails between them. */
export const supportModule = defineModule({
  name: 'support',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, mailer, config }) => {
    const support = createSupportService({ repository: createSupportRepository(database.db), mailer, config });
    return {
      services: { support },
      entities: { supportRequest: { name: 'support request', accountOf: (id) => support.accountOf(id) } },
    };
  },
  resolvers: [supportResolvers],
  auditSentences: supportAuditSentences,
});
