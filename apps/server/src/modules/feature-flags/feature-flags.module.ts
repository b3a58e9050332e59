import type { AccountsService } from '../accounts/accounts.service.ts';
import { defineModule } from '../module.ts';
import { featureFlagsAuditSentences } from './feature-flags.audit.ts';
import { createFeatureFlagsRepository } from './feature-flags.repository.ts';
import { featureFlagsResolvers } from './feature-flags.resolvers.ts';
import { createFeatureFlagsService } from './feature-flags.service.ts';

/** Staff manage the flags of the built-in provider (accounts/feature-flags.ts), which evaluates them for partners. */
export const featureFlagsModule = defineModule({
  name: 'feature-flags',
  schema: new URL('./schema.graphql', import.meta.url),
  build: ({ database }, { accounts }: { accounts: AccountsService }) => ({
    services: {
      featureFlags: createFeatureFlagsService({
        repository: createFeatureFlagsRepository(database.db),
        invalidate: () => accounts.flags.provider.invalidate(),
        source: accounts.flags.source,
      }),
    },
  }),
  resolvers: [featureFlagsResolvers],
  auditSentences: featureFlagsAuditSentences,
});
