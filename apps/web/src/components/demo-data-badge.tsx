import { lazy, Suspense } from 'react';
import { DemoDataBadgeButton } from '@/components/demo-data-badge-button';
import { useMenuOnIntent } from '@/hooks/use-menu-on-intent';

// The explanation (Radix Popover with its popper) loads when the badge is first pointed at, focused or pressed: the
// shell shows the badge on every screen of a demo account, few visits open it (use-menu-on-intent.ts).
const loadExplanation = () => import('@/components/demo-data-explanation');
const DemoDataExplanation = lazy(loadExplanation);

/** The label of an account seeded for the demo (Account.isDemo); it opens the explanation on click, tap or Enter. */
export function DemoDataBadge({ className }: { className?: string }) {
  const { wanted, triggerProps } = useMenuOnIntent(loadExplanation, 'dialog');
  const badge = <DemoDataBadgeButton className={className} {...triggerProps} />;
  if (!wanted) return badge;
  return (
    <Suspense fallback={badge}>
      <DemoDataExplanation className={className} />
    </Suspense>
  );
}
