import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

interface TestModeToggleProps {
  testMode: boolean;
  onChange: (enabled: boolean) => void;
  className?: string;
}

export function TestModeToggle({ testMode, onChange, className }: TestModeToggleProps) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex items-center gap-2 rounded-full border px-3 py-1.5 transition-colors',
        testMode && 'border-amber-500/50 bg-amber-500/10',
        className,
      )}
    >
      <Switch id={id} checked={testMode} onCheckedChange={onChange} />
      <Label htmlFor={id} className="cursor-pointer text-xs font-medium whitespace-nowrap">
        Test mode
      </Label>
    </div>
  );
}
