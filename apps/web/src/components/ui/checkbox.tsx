import { CheckIcon } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { slotted } from '@/components/ui/slotted';

export const Checkbox = slotted(
  CheckboxPrimitive.Root,
  'checkbox',
  'peer size-4 shrink-0 rounded-[4px] border border-input bg-card shadow-xs outline-none transition-shadow focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
  <CheckboxPrimitive.Indicator className="flex items-center justify-center text-current">
    <CheckIcon className="size-3.5" aria-hidden />
  </CheckboxPrimitive.Indicator>,
);
