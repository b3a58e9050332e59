import { useReactiveVar } from '@apollo/client/react';
import type { RampProductKey } from '@/config/routes';
import { IntegrationsCard } from '@/features/ramp/components/integrations-card';
import { RampFrame } from '@/features/ramp/components/ramp-frame';
import { WidgetUrlBuilder } from '@/features/ramp/components/widget-url-builder';
import { usePermission } from '@/hooks/use-permission';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';

const DESCRIPTION: Record<RampProductKey, string> = {
  OnRamp: 'Build the buy widget’s URL, sign it, and embed it in your site or app.',
  OffRamp: 'Build the sell widget’s URL, sign it, and embed it in your site or app.',
  Swaps: 'Build the swap widget’s URL, sign it, and embed it in your site or app.',
};

/** /dashboard/{on-ramp,off-ramp,swaps}/integrate: where the widget is embedded and its URL. */
export function IntegrateScreen({ product }: { product: RampProductKey }) {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const canManage = usePermission('integration:manage');
  return (
    <RampFrame product={product} section="integrate" description={DESCRIPTION[product]}>
      {!accountId ? (
        <p className="text-sm text-muted-foreground">Choose an account first.</p>
      ) : (
        <>
          <WidgetUrlBuilder key={`${accountId}-${testMode}`} accountId={accountId} product={product} liveMode={!testMode} canSign={canManage} />
          <IntegrationsCard accountId={accountId} canManage={canManage} />
        </>
      )}
    </RampFrame>
  );
}
