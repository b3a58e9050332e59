// Payment methods staff enable per account and region, and the routing rules that pick a method's processor route
// (issue 35). The quote (server) and the back-office matrix (web) read them through these functions alike.
import type { PaymentMethod, PricingRegion } from './pricing.ts';

/** A saved choice for one method in one region; a method without one is offered. */
export interface PaymentMethodSetting {
  paymentMethod: PaymentMethod;
  region: PricingRegion;
  isEnabled: boolean;
  minAmount: string | null;
  maxAmount: string | null;
}

export interface RoutingRuleValues {
  priority: number;
  /** null: every payment method. */
  paymentMethod: PaymentMethod | null;
  /** Global: every region. */
  region: PricingRegion;
  route: string;
}

/** A route's name: lower-case letters, digits and hyphens, as processors are named in the provider's configuration. */
export const ROUTE_NAME = /^[a-z][a-z0-9-]{1,39}$/;
export const MAX_ROUTING_RULES = 100;

/**
 * The setting that applies to a method for customers of a region: the region's own, else the account's Global one,
 * else none (offered, no bounds).
 */
export function methodSettingFor<S extends Pick<PaymentMethodSetting, 'paymentMethod' | 'region'>>(
  settings: readonly S[],
  paymentMethod: string,
  region: string,
): S | null {
  return (
    settings.find((each) => each.paymentMethod === paymentMethod && each.region === region) ??
    settings.find((each) => each.paymentMethod === paymentMethod && each.region === 'Global') ??
    null
  );
}

/** The first rule, by priority, whose method (null: any) and region (Global: any) match; null: the default route. */
export function routeFor<R extends RoutingRuleValues>(rules: readonly R[], paymentMethod: string, region: string): R | null {
  return (
    [...rules]
      .sort((a, b) => a.priority - b.priority)
      .find((rule) => (rule.paymentMethod === null || rule.paymentMethod === paymentMethod) && (rule.region === 'Global' || rule.region === region)) ?? null
  );
}
