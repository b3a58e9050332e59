import { lazy, Suspense, useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

const LiveModeLock = lazy(() => import('@/features/accounts/components/live-mode-lock'));

/** Why the switch cannot leave test mode; the server refuses live keys and live webhooks for the same reason. */
export const LIVE_MODE_LOCKED_REASON = 'Live mode opens once your business is verified.';

interface TestModeToggleProps {
  testMode: boolean;
  onChange: (enabled: boolean) => void;
  /** The account cannot use live mode (Account.canUseLiveMode): the switch stays on, with the reason and a way to it. */
  liveModeLocked?: boolean;
  className?: string;
}

export function TestModeToggle({ testMode, onChange, liveModeLocked = false, className }: TestModeToggleProps) {
  const id = useId();
  const reasonId = useId();
  return (
    <div
      className={cn(
        'flex items-center gap-2 rounded-full border px-3 py-1.5 transition-colors',
        (testMode || liveModeLocked) && 'border-amber-500/50 bg-amber-500/10',
        className,
      )}
    >
      <Switch
        id={id}
        checked={testMode || liveModeLocked}
        onCheckedChange={onChange}
        disabled={liveModeLocked}
        aria-describedby={liveModeLocked ? reasonId : undefined}
      />
      <Label htmlFor={id} className={cn('text-xs font-medium whitespace-nowrap', liveModeLocked ? 'cursor-not-allowed' : 'cursor-pointer')}>
        Test mode
      </Label>
      {liveModeLocked && (
        <>
          <span id={reasonId} className="sr-only">
            {LIVE_MODE_LOCKED_REASON}
          </span>
          {/* Only an unverified account has the lock: its Radix Tooltip loads with it, not with every shell. */}
          <Suspense fallback={null}>
            <LiveModeLock reason={LIVE_MODE_LOCKED_REASON} />
          </Suspense>
        </>
      )}
    </div>
  );
}
