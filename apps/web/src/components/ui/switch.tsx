import { useState, type ComponentProps, type MouseEvent } from 'react';
import { cn } from '@/lib/utils';

interface SwitchProps extends Omit<ComponentProps<'button'>, 'onChange' | 'value'> {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}

/**
 * An on/off switch: a button with the switch role (WAI-ARIA's switch pattern), the markup Radix's Switch renders.
 * Plain rather than Radix: every use is controlled by a screen or react-hook-form, so Radix's hidden form input and
 * size observer (about 3 KB compressed, fetched by every signed-in screen for the shell's test-mode switch) did no
 * work here (issue 40).
 */
export function Switch({ checked, defaultChecked = false, onCheckedChange, onClick, className, disabled, ...props }: SwitchProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultChecked);
  const on = checked ?? uncontrolled;
  const state = on ? 'checked' : 'unchecked';
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (checked === undefined) setUncontrolled(!on);
    onCheckedChange?.(!on);
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      data-slot="switch"
      data-state={state}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      className={cn(
        'peer inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-transparent shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
        className,
      )}
      onClick={toggle}
      {...props}
    >
      <span
        data-state={state}
        className="pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0.5"
      />
    </button>
  );
}
