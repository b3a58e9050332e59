import { defineModule } from '../module.ts';
import { kybAuditSentences } from './kyb.audit.ts';
import { createKybProvider } from './kyb.provider.ts';
import { createKybRepository } from './kyb.repository.ts';
import { kybResolvers } from './kyb.resolvers.ts';
import { registerKybRoutes } from './kyb.routes.ts';
import { createKybService } from './kyb.service.ts';

export const kybModule = defineModule({
  name: 'kyb',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database, fileStorage, mailer, config }) => {
    const kyb = createKybService({ repository: createKybRepository(database.db), storage: fileStorage, provider: createKybProvider(config), mailer, config });
    return {
      services: { kyb },
      entities: {
        organization: { name: 'organization', accountOf: (id) => kyb.accountOfOrganization(id) },
        kybDocument: { name: 'document', accountOf: (id) => kyb.accountOfDocument(id) },
      },
    };
  },
  resolvers: [kybResolvers],
  auditSentences: kybAuditSentences,
  routes: (app, { services }) => registerKybRoutes(app, { services }),
});
