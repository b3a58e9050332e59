import { notFound } from '../../graphql/errors.ts';
import type { GettingStartedFacts, GettingStartedRepository } from './getting-started.repository.ts';

export type GettingStartedStepKey =
  'verifyBusiness' | 'chooseCurrencies' | 'setFees' | 'buildWidget' | 'setUpNftCheckout' | 'addWebhook' | 'inviteTeam' | 'goLive';
export type GettingStartedStepState = 'open' | 'started' | 'inProgress' | 'done';
export interface GettingStartedStep {
  key: GettingStartedStepKey;
  state: GettingStartedStepState;
  detail: string | null;
}
export interface GettingStartedView {
  id: string;
  steps: GettingStartedStep[];
  completedCount: number;
  isComplete: boolean;
}

const done = (key: GettingStartedStepKey, isDone: boolean): GettingStartedStep => ({ key, state: isDone ? 'done' : 'open', detail: null });

/**
 * The steps from the account's facts. Decisions (docs/decisions/0011-getting-started-checklist.md):
 * - fees count as set once any partner-fee rule exists, for buying or selling — a 0 % rule is an explicit review,
 *   and the provider defaults alone are not;
 * - the team step is done with a second membership, an accepted one or a pending invitation;
 * - a webhook in either mode counts (partners start in test mode);
 * - NFT checkout is a step only when the account takes it up (as the go-live checklist counts it): done with a flow on
 *   and a collection Rampart deployed.
 */
export function gettingStartedSteps(facts: GettingStartedFacts): GettingStartedStep[] {
  const verifyBusiness = ((): GettingStartedStep => {
    switch (facts.kybStatus) {
      case 'Approved':
        return { key: 'verifyBusiness', state: 'done', detail: null };
      case 'Pending':
      case 'InProgress':
        return { key: 'verifyBusiness', state: 'inProgress', detail: 'Submitted; Rampart is reviewing it.' };
      case 'OnHold':
        return { key: 'verifyBusiness', state: 'open', detail: `On hold: ${facts.kybReason ?? 'Rampart needs more information.'}` };
      case 'Rejected':
        return { key: 'verifyBusiness', state: 'open', detail: `Rejected: ${facts.kybReason ?? 'contact Rampart support.'}` };
      case 'NotStarted':
        // As the KYB screen says (kyb.service.ts shownStatus): a draft with anything saved is in progress.
        if (facts.kybSaved) return { key: 'verifyBusiness', state: 'started', detail: 'In progress: complete every step, then submit it.' };
        return { key: 'verifyBusiness', state: 'open', detail: null };
      default:
        return { key: 'verifyBusiness', state: 'open', detail: null };
    }
  })();
  const goLive: GettingStartedStep = facts.approvedGoLive
    ? { key: 'goLive', state: 'done', detail: null }
    : facts.openGoLive
      ? { key: 'goLive', state: 'inProgress', detail: 'Requested; Rampart is reviewing it.' }
      : { key: 'goLive', state: 'open', detail: null };
  return [
    verifyBusiness,
    done('chooseCurrencies', facts.currenciesChosen),
    done('setFees', facts.feesSet),
    done('buildWidget', facts.widgetUrlBuilt),
    ...(facts.nftCheckoutEnabled ? [done('setUpNftCheckout', facts.nftCheckoutReady)] : []),
    done('addWebhook', facts.webhookCount > 0),
    done('inviteTeam', facts.memberCount > 1),
    goLive,
  ];
}

export function createGettingStartedService(deps: { repository: GettingStartedRepository }) {
  return {
    async gettingStarted(accountId: string): Promise<GettingStartedView> {
      const facts = await deps.repository.facts(accountId);
      if (!facts) throw notFound('The account');
      const steps = gettingStartedSteps(facts);
      const completedCount = steps.filter((step) => step.state === 'done').length;
      return { id: accountId, steps, completedCount, isComplete: completedCount === steps.length };
    },
  };
}

export type GettingStartedService = ReturnType<typeof createGettingStartedService>;
