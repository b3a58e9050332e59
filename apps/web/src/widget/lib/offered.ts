import type { WidgetCurrency } from '@rampart/shared/widget';

/** The assets the widget offers a customer in `country`: one the provider suspended for US customers is not offered to one. */
export function assetsOfferedIn<C extends Pick<WidgetCurrency, 'isSuspendedUS'>>(currencies: readonly C[], country: string): C[] {
  return currencies.filter((asset) => !(country.toUpperCase() === 'US' && asset.isSuspendedUS));
}
