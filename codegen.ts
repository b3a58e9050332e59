import type { CodegenConfig } from '@graphql-codegen/cli';

// One config, one SDL: server resolver types and the web's typed documents come from the same files.
const schema = ['apps/server/src/graphql/base.graphql', 'apps/server/src/modules/*/schema.graphql'];

const config: CodegenConfig = {
  schema,
  ignoreNoDocuments: true,
  generates: {
    'apps/server/src/generated/graphql.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../graphql/context.ts#GraphQLContext',
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { Decimal: 'string', DateTime: { input: 'string', output: 'Date | string' } },
        mappers: {
          User: '../modules/identity/identity.repository.ts#ViewerRow',
          Membership: '../db/membership-row.ts#MembershipRow',
          Account: '../modules/accounts/accounts.repository.ts#AccountRow',
          Organization: '../modules/accounts/accounts.repository.ts#OrganizationRow',
          AuditEvent: '../modules/audit/audit.repository.ts#AuditEventRow',
          BuyTransaction: '../modules/transactions/transactions.repository.ts#TransactionRow',
          SellTransaction: '../modules/transactions/transactions.repository.ts#TransactionRow',
          SwapTransaction: '../modules/transactions/transactions.repository.ts#TransactionRow',
          BalanceTransaction: '../modules/transactions/transactions.repository.ts#TransactionRow',
          BuyTransactionPage: '../modules/transactions/transactions.service.ts#TransactionPage',
          SellTransactionPage: '../modules/transactions/transactions.service.ts#TransactionPage',
          SwapTransactionPage: '../modules/transactions/transactions.service.ts#TransactionPage',
          BalanceTransactionPage: '../modules/transactions/transactions.service.ts#TransactionPage',
          Customer: '../modules/transactions/transactions.repository.ts#CustomerRow',
          CustomerCard: '../modules/transactions/transactions.repository.ts#CustomerCardRow',
          CustomerFile: '../modules/transactions/transactions.repository.ts#CustomerFileRow',
          ApiKey: '../modules/developers/developers.repository.ts#ApiKeyRow',
          Webhook: '../modules/webhooks/webhooks.repository.ts#WebhookRow',
          WebhookDelivery: '../modules/webhooks/webhooks.repository.ts#WebhookDeliveryRow',
          ProductStatus: '../modules/go-live/go-live.service.ts#ProductStatusView',
          Theme: '../modules/themes/themes.repository.ts#ThemeRow',
          Analytics: '../modules/analytics/analytics.service.ts#AnalyticsRequest',
          ThemeVersion: '../modules/themes/themes.repository.ts#ThemeVersionRow',
          ThemeEditorSettings: '../modules/themes/themes.service.ts#ThemeEditorSettingsView',
          NftCollection: '../modules/settings/settings.service.ts#NftCollectionView',
          PassProject: '../modules/passes/passes.repository.ts#PassProjectRow',
          PassPolicy: '../modules/passes/passes.repository.ts#PassPolicyRow',
          PassTemplate: '../modules/passes/passes.repository.ts#PassTemplateRow',
          Pass: '../modules/passes/passes.repository.ts#PassRow',
          PassProjectApiKey: '../modules/passes/passes.repository.ts#PassProjectApiKeyRow',
        },
      },
    },
    'apps/web/src/gql/': {
      preset: 'client',
      documents: ['apps/web/src/**/*.{ts,tsx}', '!apps/web/src/gql/**/*'],
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { Decimal: 'string', DateTime: 'string' } },
    },
  },
};

export default config;
