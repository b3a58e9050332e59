import type { ReactNode } from 'react';
import { toOptions, type FieldOption } from '@/components/form/options';
import { SelectItem } from '@/components/ui/select';

/** The items of a Select over a list of choices, each labelled by `labelOf`. */
export function SelectItems<T extends string>({ options, labelOf }: { options: readonly T[]; labelOf: (option: T) => ReactNode }) {
  return options.map((option) => (
    <SelectItem key={option} value={option}>
      {labelOf(option)}
    </SelectItem>
  ));
}

/** The items of a Select over choices that carry their own labels (plain strings are their own). */
export function SelectOptionItems({ options }: { options: readonly (string | FieldOption)[] }) {
  return toOptions(options).map((option) => (
    <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
      {option.label}
    </SelectItem>
  ));
}
