import { CircleIcon } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { slotted } from '@/components/ui/slotted';

export const RadioGroup = slotted(RadioGroupPrimitive.Root, 'radio-group', 'grid gap-2');

export const RadioGroupItem = slotted(
  RadioGroupPrimitive.Item,
  'radio-group-item',
  'aspect-square size-4 shrink-0 rounded-full border border-input bg-card text-primary shadow-xs outline-none transition-shadow focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[state=checked]:border-primary',
  <RadioGroupPrimitive.Indicator className="flex items-center justify-center">
    <CircleIcon className="size-2 fill-current" aria-hidden />
  </RadioGroupPrimitive.Indicator>,
);
