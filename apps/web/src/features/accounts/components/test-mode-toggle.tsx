import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

interface TestModeToggleProps {
  testMode: boolean;
  onChange: (enabled: boolean) => void;
  /** An unverified account stays in test mode: the switch is on and cannot be turned off. */
  locked?: boolean;
  className?: string;
}

export function TestModeToggle({ testMode, onChange, locked = false, className }: TestModeToggleProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div
      className={cn(
        'flex items-center gap-2 rounded-full border px-3 py-1.5 transition-colors',
        testMode && 'border-amber-500/50 bg-amber-500/10',
        className,
      )}
    >
      <Switch
        id={id}
        checked={testMode}
        onCheckedChange={onChange}
        disabled={locked}
        aria-describedby={locked ? hintId : undefined}
        title={locked ? 'Test mode stays on until the account is verified' : undefined}
      />
      <Label htmlFor={id} className="cursor-pointer text-xs font-medium whitespace-nowrap">
        Test mode
      </Label>
      {locked && (
        <span id={hintId} className="sr-only">
          Test mode stays on until the account is verified.
        </span>
      )}
    </div>
  );
}
