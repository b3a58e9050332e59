// Every server module, one line each. The order is the order services are built in: a module comes after those whose
// services it takes (services.ts stops the server otherwise). The SDL is read in name order whatever this order.
import { accountsModule } from './accounts/accounts.module.ts';
import { analyticsModule } from './analytics/analytics.module.ts';
import { auditModule } from './audit/audit.module.ts';
import { billingModule } from './billing/billing.module.ts';
import { commerceModule } from './commerce/commerce.module.ts';
import { dashboardsModule } from './dashboards/dashboards.module.ts';
import { developersModule } from './developers/developers.module.ts';
import { gettingStartedModule } from './getting-started/getting-started.module.ts';
import { goLiveModule } from './go-live/go-live.module.ts';
import { ingestionModule } from './ingestion/ingestion.module.ts';
import { identityModule } from './identity/identity.module.ts';
import { kybModule } from './kyb/kyb.module.ts';
import { mintingModule } from './minting/minting.module.ts';
import { passesModule } from './passes/passes.module.ts';
import { publicApiModule } from './public-api/public-api.module.ts';
import { rampModule } from './ramp/ramp.module.ts';
import { settingsModule } from './settings/settings.module.ts';
import { ssoModule } from './sso/sso.module.ts';
import { teamModule } from './team/team.module.ts';
import { themesModule } from './themes/themes.module.ts';
import { transactionsModule } from './transactions/transactions.module.ts';
import { webhooksModule } from './webhooks/webhooks.module.ts';
import { widgetModule } from './widget/widget.module.ts';

export const modules = [
  identityModule,
  accountsModule,
  teamModule,
  auditModule,
  transactionsModule,
  settingsModule,
  rampModule,
  developersModule,
  webhooksModule,
  kybModule,
  commerceModule,
  goLiveModule,
  passesModule,
  themesModule,
  billingModule,
  widgetModule,
  ssoModule,
  dashboardsModule,
  analyticsModule,
  mintingModule,
  gettingStartedModule,
  publicApiModule,
  ingestionModule,
] as const;
