import type { ReactNode } from 'react';

/** One choice of a select, radio or checkbox group: the stored value and what the reader sees. */
export interface FieldOption {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

/** Plain strings are their own labels (industries, volume ranges). */
export function toOptions(options: readonly (string | FieldOption)[]): FieldOption[] {
  return options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option));
}
