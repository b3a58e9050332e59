// Every server module, one line each: its declaration, loaded in the order services are built in (a module comes after
// those whose services it takes; services.ts stops the server otherwise). The SDL is read in name order whatever this
// order. Each line is a dynamic import awaited at the top level, so one line both loads a module and places it in the
// list, and TypeScript still reads each declaration's own type (`Services` is derived from this tuple).
export const modules = [
  (await import('./identity/identity.module.ts')).identityModule,
  (await import('./accounts/accounts.module.ts')).accountsModule,
  (await import('./team/team.module.ts')).teamModule,
  (await import('./audit/audit.module.ts')).auditModule,
  (await import('./transactions/transactions.module.ts')).transactionsModule,
  (await import('./settings/settings.module.ts')).settingsModule,
  (await import('./ramp/ramp.module.ts')).rampModule,
  (await import('./payment-methods/payment-methods.module.ts')).paymentMethodsModule,
  (await import('./developers/developers.module.ts')).developersModule,
  (await import('./webhooks/webhooks.module.ts')).webhooksModule,
  (await import('./kyb/kyb.module.ts')).kybModule,
  (await import('./commerce/commerce.module.ts')).commerceModule,
  (await import('./go-live/go-live.module.ts')).goLiveModule,
  (await import('./admin-organizations/admin-organizations.module.ts')).adminOrganizationsModule,
  (await import('./passes/passes.module.ts')).passesModule,
  (await import('./themes/themes.module.ts')).themesModule,
  (await import('./billing/billing.module.ts')).billingModule,
  (await import('./wallets/wallets.module.ts')).walletsModule,
  (await import('./widget/widget.module.ts')).widgetModule,
  (await import('./sso/sso.module.ts')).ssoModule,
  (await import('./dashboards/dashboards.module.ts')).dashboardsModule,
  (await import('./analytics/analytics.module.ts')).analyticsModule,
  (await import('./minting/minting.module.ts')).mintingModule,
  (await import('./getting-started/getting-started.module.ts')).gettingStartedModule,
  (await import('./public-api/public-api.module.ts')).publicApiModule,
  (await import('./ingestion/ingestion.module.ts')).ingestionModule,
  (await import('./feature-flags/feature-flags.module.ts')).featureFlagsModule,
  (await import('./customer-admin/customer-admin.module.ts')).customerAdminModule,
] as const;
