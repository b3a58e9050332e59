import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { runUnitOfWork } from './db/unit-of-work.ts';
import { mailingAfterCommit, type Mailer } from './mail/mailer.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createIdentityRepository } from './modules/identity/identity.repository.ts';
import { createIdentityService } from './modules/identity/identity.service.ts';
import { createSsoService } from './modules/sso/sso.service.ts';
import { createSsoRepository } from './modules/sso/sso.repository.ts';
import { createTeamRepository } from './modules/team/team.repository.ts';
import { createTeamService } from './modules/team/team.service.ts';
import { createTransactionsRepository } from './modules/transactions/transactions.repository.ts';
import { createTransactionsService } from './modules/transactions/transactions.service.ts';
import { createDashboardsRepository } from './modules/dashboards/dashboards.repository.ts';
import { createDashboardsService } from './modules/dashboards/dashboards.service.ts';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createQuarterlyReviewService } from './modules/analytics/quarterly-review.service.ts';
import { createDevelopersRepository } from './modules/developers/developers.repository.ts';
import { createDevelopersService } from './modules/developers/developers.service.ts';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import { createHttpSender } from './modules/webhooks/http-sender.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { createKybRepository } from './modules/kyb/kyb.repository.ts';
import { createKybService } from './modules/kyb/kyb.service.ts';
import { createKybProvider } from './modules/kyb/kyb.provider.ts';
import { createFileStorage, S3FileStorage } from './lib/file-storage.ts';
import { createGoLiveRepository } from './modules/go-live/go-live.repository.ts';
import { createGoLiveService } from './modules/go-live/go-live.service.ts';
import { createSecretBox, loadKeyEncryptionKeys } from './lib/secret-box.ts';
import { createWidgetRepository } from './modules/widget/widget.repository.ts';
import { createWidgetService } from './modules/widget/widget.service.ts';
import { createTestProcessing } from './modules/widget/test-processing.ts';
import type { RampPort } from './modules/widget/ramp-port.ts';
import { createRampRepository } from './modules/ramp/ramp.repository.ts';
import { createRampService } from './modules/ramp/ramp.service.ts';
import { createGettingStartedRepository } from './modules/getting-started/getting-started.repository.ts';
import { createGettingStartedService } from './modules/getting-started/getting-started.service.ts';
import { createThemesRepository } from './modules/themes/themes.repository.ts';
import { createThemesService } from './modules/themes/themes.service.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createCommerceRepository } from './modules/commerce/commerce.repository.ts';
import { createCommerceService } from './modules/commerce/commerce.service.ts';
import { createCommerceProvider } from './modules/commerce/provider-factory.ts';
import type { EvmChain } from './lib/chain/evm-chain.ts';
import { createMintingRepository } from './modules/minting/minting.repository.ts';
import { createMintingService } from './modules/minting/minting.service.ts';
import { createPassesRepository } from './modules/passes/passes.repository.ts';
import { createPassesService, type PassesChain } from './modules/passes/passes.service.ts';
import { createPassFiles } from './modules/passes/pass-files.ts';
import { createIngestionRepository } from './modules/ingestion/ingestion.repository.ts';
import { createIngestionService } from './modules/ingestion/ingestion.service.ts';

/** Every domain service, built once per app and handed to resolvers through the GraphQL context. */
export function createServices(deps: { database: DatabaseHandle; mailer: Mailer; config: Env; chain: EvmChain }) {
  const { database, config, chain } = deps;
  const mailer = mailingAfterCommit(deps.mailer);
  const accountsRepository = createAccountsRepository(database.db);
  const identityRepository = createIdentityRepository(database.db);
  const teamRepository = createTeamRepository(database.db);
  const transactions = createTransactionsService({ repository: createTransactionsRepository(database.db, database.readDb), db: database.db });
  const audit = createAuditService({ repository: createAuditRepository(database.db) });
  const identity = createIdentityService({ repository: identityRepository, mailer, config });
  const jobs = createJobQueue(database.db);
  // Before developers: building a widget URL sets the account's isWidgetUrlBuilt flag through it.
  const ramp = createRampService({ repository: createRampRepository(database.db), config });
  const developersRepository = createDevelopersRepository(database.db);
  const secretBox = createSecretBox(loadKeyEncryptionKeys(config));
  const widgetRepository = createWidgetRepository(database.db);
  const developers = createDevelopersService({
    repository: developersRepository,
    accounts: accountsRepository,
    config,
    jobs,
    secretBox,
    setOnboardingFlag: (accountId, flag, value) => ramp.setOnboardingFlag(accountId, flag, value),
  });
  const webhooksRepository = createWebhooksRepository(database.db);
  const webhookSender = createHttpSender({ allowPrivateAddresses: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES });
  const settings = createSettingsService({ repository: createSettingsRepository(database.db), config });
  const webhooks = createWebhooksService({ repository: webhooksRepository, accounts: accountsRepository, developers, sender: webhookSender, mailer, config });
  const fileStorage = createFileStorage(config);
  const kyb = createKybService({ repository: createKybRepository(database.db), storage: fileStorage, provider: createKybProvider(config), mailer, config });
  const commerceRepository = createCommerceRepository(database.db);
  const commerce = createCommerceService({ repository: commerceRepository, provider: createCommerceProvider(config, commerceRepository), config });
  const goLive = createGoLiveService({ repository: createGoLiveRepository(database.db), kyb, mailer, config });
  const rampPort = (): RampPort => ramp;
  const testProcessing = createTestProcessing({ transactions, jobs, repository: widgetRepository, ramp: rampPort, config });
  const themes = createThemesService({ repository: createThemesRepository(database.db), config, developers });
  const billing = createBillingService({ db: database.db, config, mailer, jobs });
  const passFiles = createPassFiles({ db: database.db, config, secretBox, storage: fileStorage });
  const passes = createPassesService({
    repository: createPassesRepository(database.db),
    config,
    secretBox,
    storage: fileStorage,
    webhooks,
    // Read when needed: the chain is wired into the services object below.
    chain: () => (built as { chain?: PassesChain | null }).chain ?? null,
    files: () => passFiles,
  });
  const widget = createWidgetService({ repository: widgetRepository, developers, transactions, goLive, processing: testProcessing, ramp: rampPort, config });

  /** What the access directives need: membership roles, account existence, and each entity's owning account. */
  const authorization = {
    membershipRole: (userId: string, accountId: string) => accountsRepository.acceptedRole(userId, accountId),
    accountExists: async (accountId: string) => Boolean(await accountsRepository.findAccount(accountId)),
    entityAccount: {
      membership: (id: string) => teamRepository.accountOfMembership(id),
      buyTransaction: (id: string) => transactions.accountOf(id, 'buy'),
      sellTransaction: (id: string) => transactions.accountOf(id, 'sell'),
      swapTransaction: (id: string) => transactions.accountOf(id, 'swap'),
      balanceTransaction: (id: string) => transactions.accountOf(id, 'balance'),
      anyTransaction: (id: string) => transactions.accountOf(id, null),
      apiKey: (id: string) => developersRepository.accountOfKey(id),
      webhook: (id: string) => webhooksRepository.accountOfWebhook(id),
      webhookDelivery: (id: string) => webhooksRepository.accountOfDelivery(id),
      nftCollection: (id: string) => settings.accountOfNftCollection(id),
      organization: (id: string) => kyb.accountOfOrganization(id),
      kybDocument: (id: string) => kyb.accountOfDocument(id),
      integration: (id: string) => ramp.accountOfIntegration(id),
      helioWallet: (id: string) => commerce.accountOfWallet(id),
      passProject: (id: string) => passes.accountOfProject(id),
      passPolicy: (id: string) => passes.accountOfPolicy(id),
      passTemplate: (id: string) => passes.accountOfTemplate(id),
      pass: (id: string) => passes.accountOfPass(id),
      passProjectApiKey: (id: string) => passes.accountOfApiKey(id),
    } as Record<string, (id: string) => Promise<string | null>>,
    audit: audit.record.bind(audit),
    unitOfWork: <T>(work: () => Promise<T>) => runUnitOfWork(database.pool, work),
  };

  const built = {
    authorization,
    audit,
    identity,
    accounts: createAccountsService({ repository: accountsRepository, config, db: database.db }),
    team: createTeamService({ repository: teamRepository, accounts: accountsRepository, identityRepository, identity, mailer, config }),
    sso: createSsoService({ config, repository: createSsoRepository(database.db) }),
    transactions,
    dashboards: createDashboardsService({ repository: createDashboardsRepository(database.readDb) }),
    analytics: createAnalyticsService({ repository: createAnalyticsRepository(database.readDb) }),
    quarterlyReview: createQuarterlyReviewService({
      analytics: createAnalyticsService({ repository: createAnalyticsRepository(database.readDb) }),
      readDb: database.readDb,
    }),
    jobs,
    developers,
    webhooks,
    settings,
    kyb,
    goLive,
    ramp,
    widget,
    themes,
    commerce,
    passes,
    /** Pass files (.pkpass, Google save links, signed download links). */
    passFiles,
    /** Secrets at rest (pass credentials are decrypted with it). */
    secretBox,
    billing,
    /** The EVM chain minting and NFT-bound passes use (lib/chain/evm-chain.ts). */
    chain,
    minting: createMintingService({ repository: createMintingRepository(database.db), chain, config, collectionView: settings.collectionView }),
    gettingStarted: createGettingStartedService({ repository: createGettingStartedRepository(database.db) }),
    /** The provider's core streams its transactions and customers in (docs/ingestion.md). */
    ingestion: createIngestionService({ repository: createIngestionRepository(database.db), transactions }),
    /** Releases what the services hold open (keep-alive sockets of outgoing webhooks). */
    close() {
      webhookSender.close();
      if (fileStorage instanceof S3FileStorage) fileStorage.close();
    },
  };
  return built;
}

export type Services = ReturnType<typeof createServices>;
