import { goLivePath, kybPath, rampSectionPath, ROUTES } from '@/config/routes';
import type { GettingStartedStepKey } from '@/gql/graphql';

export interface StepCopy {
  title: string;
  description: string;
  /** The screen where the partner does the step. */
  to: string;
}

/** What each step asks and where it is done, in the order the server lists them. */
export const STEP_COPY: Record<GettingStartedStepKey, StepCopy> = {
  verifyBusiness: { title: 'Verify your business', description: 'Tell us about your company, its owners and documents (KYB).', to: kybPath('OnRamp') },
  chooseCurrencies: {
    title: 'Choose currencies',
    description: 'Pick the cryptocurrencies your customers can buy and sell.',
    to: rampSectionPath('OnRamp', 'cryptos'),
  },
  setFees: { title: 'Set your fees', description: 'Add your partner fee, or save 0 % if you charge none.', to: rampSectionPath('OnRamp', 'fees') },
  buildWidget: { title: 'Build the widget', description: 'Build and sign the widget URL you embed on your site.', to: rampSectionPath('OnRamp', 'integrate') },
  setUpNftCheckout: {
    title: 'Set up NFT checkout',
    description: 'Turn on a checkout flow and deploy a collection; its checkout link sells its NFTs.',
    to: `${ROUTES.developers}/nft-commerce`,
  },
  addWebhook: { title: 'Add a webhook', description: 'Hear about transactions as they happen.', to: `${ROUTES.developers}/webhooks` },
  inviteTeam: { title: 'Invite your team', description: 'Add the developers and analysts who work with you.', to: ROUTES.team },
  goLive: { title: 'Go live', description: 'Ask Rampart to review your integration and switch on live payments.', to: goLivePath('OnRamp') },
};
