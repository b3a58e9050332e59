import { NavTabs } from '@/components/layouts/nav-tabs';
import { viewerMayOpen } from '@/config/route-permissions';
import {
  goLivePath,
  kybPath,
  NFT_COMMERCE_PATH,
  RAMP_PRODUCT_ROUTES,
  RAMP_SECTIONS,
  rampSectionPath,
  type GoLiveProductKey,
  type RampSection,
} from '@/config/routes';
import { useViewer } from '@/hooks/use-permission';
import { PRODUCT_LABEL } from '@/lib/format';

export const RAMP_SECTION_LABEL: Record<RampSection, string> = { cryptos: 'Cryptocurrencies', fees: 'Fees', integrate: 'Integrate' };

/**
 * A product's journey as tabs, the same bar on each of its pages: overview, set-up sections, business verification
 * and go live (NFT checkout: its set-up under Developers › NFT commerce, then verification and go live). Pages the
 * viewer's role may not open are left out, so the bar never leads to the 403 page.
 */
export function RampProductTabs({ product }: { product: GoLiveProductKey }) {
  const viewer = useViewer();
  const tabs = [
    ...(product === 'NftCheckout'
      ? [{ to: NFT_COMMERCE_PATH, label: 'Collections' }]
      : [
          { to: RAMP_PRODUCT_ROUTES.find((entry) => entry.product === product)!.base, label: 'Overview', end: true },
          ...RAMP_SECTIONS[product].map((section) => ({ to: rampSectionPath(product, section), label: RAMP_SECTION_LABEL[section] })),
        ]),
    { to: kybPath(product), label: 'Business verification' },
    { to: goLivePath(product), label: 'Go live' },
  ].filter((tab) => viewerMayOpen(viewer, tab.to));
  return <NavTabs label={`${PRODUCT_LABEL[product] ?? product} set-up`} tabs={tabs} />;
}
