import { XIcon } from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, NativeSelect } from '@/features/admin-pricing/components/fields';
import type { PaymentMethod, PricingRegion } from '@/gql/graphql';
import { describeApiError } from '@/lib/graphql-errors';
import { PAYMENT_METHOD_LABEL, PRICING_REGION_LABEL } from '@/lib/labels';
import { cn } from '@/lib/utils';

export const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_LABEL) as PaymentMethod[];
export const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABEL[method] }));
/** A rule's payment method: '' is every method. */
export const RULE_METHOD_OPTIONS: ReadonlyArray<{ value: PaymentMethod | ''; label: string }> = [{ value: '', label: 'All methods' }, ...METHOD_OPTIONS];
export const regionOptions = (regions: readonly PricingRegion[]) => regions.map((region) => ({ value: region, label: PRICING_REGION_LABEL[region] }));

/** A rule list's save failure: the server's per-row field messages (`rules.2.route`), or one message for the rest. */
export interface RowsProblem {
  message: string | null;
  fields: Record<string, string>;
}
const NO_PROBLEM: RowsProblem = { message: null, fields: {} };

/** The last save's failure (`problem`), `fail` with what a save threw, `clear` before the next try. */
export function useRowsProblem() {
  const [problem, setProblem] = useState<RowsProblem>(NO_PROBLEM);
  const clear = useCallback(() => setProblem(NO_PROBLEM), []);
  const fail = useCallback((error: unknown) => {
    const info = describeApiError(error);
    setProblem({ message: Object.keys(info.fields).length ? null : info.message, fields: info.fields });
  }, []);
  return { problem, clear, fail };
}

/** Rows of rules edited in place before one save: each keeps a key of its own while rows are added, moved and removed. */
export function useRuleRows<Row extends { key: number }>(initial: () => Row[]) {
  const [rows, setRows] = useState<Row[]>(initial);
  const [nextKey, setNextKey] = useState(() => rows.length);
  /** Replaces every row (the rules as loaded). */
  const reset = useCallback((next: Array<Omit<Row, 'key'>>) => {
    setRows(next.map((row, index) => ({ ...row, key: index }) as Row));
    setNextKey(next.length);
  }, []);
  return {
    rows,
    reset,
    update: (key: number, patch: Partial<Row>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row))),
    add: (row: Omit<Row, 'key'>) => {
      setRows((current) => [...current, { ...row, key: nextKey } as Row]);
      setNextKey(nextKey + 1);
    },
    remove: (key: number) => setRows((current) => current.filter((row) => row.key !== key)),
    move: (index: number, by: -1 | 1) =>
      setRows((current) => {
        const next = [...current];
        const [row] = next.splice(index, 1);
        next.splice(index + by, 0, row!);
        return next;
      }),
  };
}

/** The rows as an ordered list: `empty` when there are none, each row's server messages under it. */
export function RuleRowList<Row extends { key: number }>({
  label,
  rows,
  empty,
  fields,
  className,
  children,
}: {
  label: string;
  rows: readonly Row[];
  empty: string;
  fields: Record<string, string>;
  className?: string;
  children: (row: Row, index: number) => ReactNode;
}) {
  return (
    <ol className="flex flex-col gap-3" aria-label={label}>
      {rows.length === 0 ? <li className="rounded-md border border-dashed px-4 py-4 text-center text-sm text-muted-foreground">{empty}</li> : null}
      {rows.map((row, index) => (
        <li key={row.key} className={cn('flex flex-col gap-1 rounded-lg border', className)}>
          {children(row, index)}
          {Object.entries(fields)
            .filter(([field]) => field === `rules.${index}` || field.startsWith(`rules.${index}.`))
            .map(([field, message]) => (
              <FieldError key={field} message={message} />
            ))}
        </li>
      ))}
    </ol>
  );
}

/** A small labelled field of a rule row. */
export function RowField({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="flex flex-col gap-1 text-xs font-medium">
      {label}
      {children}
    </label>
  );
}

/** A native select under its small label; `options` in the order shown. */
export function RowSelect<V extends string>({
  label,
  id,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  id?: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  disabled?: boolean;
  onChange: (value: V) => void;
}) {
  return (
    <RowField label={label} htmlFor={id}>
      <NativeSelect id={id} disabled={disabled} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </RowField>
  );
}

export function RemoveRowButton({ index, onRemove }: { index: number; onRemove: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={`Remove rule ${index + 1}`} onClick={onRemove}>
      <XIcon aria-hidden />
    </Button>
  );
}
