import type { ReactNode } from 'react';
import { SelectItem } from '@/components/ui/select';

/** The items of a Select over a list of choices, each labelled by `labelOf`. */
export function SelectItems<T extends string>({ options, labelOf }: { options: readonly T[]; labelOf: (option: T) => ReactNode }) {
  return options.map((option) => (
    <SelectItem key={option} value={option}>
      {labelOf(option)}
    </SelectItem>
  ));
}
