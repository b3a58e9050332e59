import { JOB_PAYLOADS } from '../../jobs/job-payloads.ts';
import type { DevelopersService } from '../developers/developers.service.ts';
import type { GoLiveService } from '../go-live/go-live.service.ts';
import { defineModule } from '../module.ts';
import type { RampService } from '../ramp/ramp.service.ts';
import type { TransactionsService } from '../transactions/transactions.service.ts';
import type { WalletsService } from '../wallets/wallets.service.ts';
import type { RampPort } from './ramp-port.ts';
import { createNftCheckout } from './nft-checkout.ts';
import { createTestProcessing } from './test-processing.ts';
import { createWidgetRepository } from './widget.repository.ts';
import { registerWidget } from './widget.routes.ts';
import { createWidgetService } from './widget.service.ts';

export const widgetModule = defineModule({
  name: 'widget',
  build: (
    { database, config, jobs, chain },
    built: { developers: DevelopersService; transactions: TransactionsService; goLive: GoLiveService; ramp: RampService; wallets: WalletsService },
  ) => {
    const { developers, transactions, goLive, ramp, wallets } = built;
    const repository = createWidgetRepository(database.db);
    const rampPort = (): RampPort => ramp;
    const nft = createNftCheckout({ repository, chain });
    const processing = createTestProcessing({ transactions, jobs, repository, ramp: rampPort, wallets, nft, config });
    return { services: { widget: createWidgetService({ repository, developers, transactions, goLive, processing, ramp: rampPort, nft, config }) } };
  },
  routes: (app, { config, services, webRoot }) => registerWidget(app, { services, webRoot, ratePerMinute: config.WIDGET_API_RATE_PER_MINUTE }),
  jobs: {
    test_mode_step: async (payload, { services }) => {
      await services.widget.processing.runStep(JOB_PAYLOADS.test_mode_step.parse(payload));
    },
  },
});
