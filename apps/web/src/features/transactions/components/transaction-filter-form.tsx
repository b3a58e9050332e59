import type { ComponentProps } from 'react';
import { TRANSACTION_SEARCH_PLACEHOLDER } from '@/components/search-hint';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDraft } from '@/hooks/use-draft';
import { toast } from '@/hooks/use-toast';
import { ExportButton } from '@/features/transactions/components/export-button';
import { StatusFilter } from '@/features/transactions/components/status-filter';
import { KIND, type Tab, type TransactionFilters } from '@/features/transactions/lib/search-params';

const NO_FILTERS = { q: '', status: '', min: '', max: '', from: '', to: '' } as const;
type DraftKey = 'min' | 'max' | 'from' | 'to';

export interface TransactionFilterFormProps {
  tab: Tab;
  filters: TransactionFilters;
  setFilters: (next: Partial<TransactionFilters>) => void;
  accountId: string | null;
  testMode: boolean;
  /** The exact number of rows the export will write, when the total is known. */
  expectedRows: number | null;
}

/** Search, status, amounts and dates as a draft, applied to the URL on submit; copy link and CSV export beside them. */
export function TransactionFilterForm({ tab, filters, setFilters, accountId, testMode, expectedRows }: TransactionFilterFormProps) {
  // Another tab starts from its own (empty) filters, so no status of another kind lingers.
  const [draft, setDraft] = useDraft(filters, JSON.stringify([tab, filters.q, filters.status, filters.min, filters.max, filters.from, filters.to]));
  const apply = () => setFilters({ ...draft, page: 0 });
  const field = (key: DraftKey, label: string, props: ComponentProps<typeof Input>) => (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={`transactions-${key}`} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input id={`transactions-${key}`} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} {...props} />
    </div>
  );
  return (
    <form
      // Two columns on a phone; from 768 px search and status share a row above the amounts and dates; from 1280 px one row.
      className="grid grid-cols-2 items-end gap-x-2 gap-y-3 md:grid-cols-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_repeat(2,minmax(0,1fr))_repeat(2,minmax(0,1.25fr))]"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Input
        aria-label="Search"
        placeholder={TRANSACTION_SEARCH_PLACEHOLDER}
        title={TRANSACTION_SEARCH_PLACEHOLDER}
        className="col-span-2 xl:col-span-1"
        value={draft.q}
        onChange={(e) => setDraft({ ...draft, q: e.target.value })}
      />
      <StatusFilter
        kind={KIND[tab]}
        className="col-span-2 xl:col-span-1"
        value={draft.status}
        onChange={(status) => setDraft({ ...draft, status })}
        onApply={apply}
      />
      {field('min', 'Min amount', { inputMode: 'decimal', placeholder: 'Any' })}
      {field('max', 'Max amount', { inputMode: 'decimal', placeholder: 'Any' })}
      {field('from', 'Created from', { type: 'date' })}
      {field('to', 'Created to', { type: 'date' })}
      <div className="col-span-full flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => {
            setDraft({ ...filters, ...NO_FILTERS });
            setFilters(NO_FILTERS);
          }}
        >
          Clear
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(window.location.href)
              .then(() => toast({ title: 'Link copied', description: 'Anyone in this account opening it sees this view.' }))
          }
        >
          Copy link
        </Button>
        <ExportButton kind={KIND[tab]} accountId={accountId} liveMode={!testMode} filters={filters} nft={tab === 'nft'} expectedRows={expectedRows} />
      </div>
    </form>
  );
}
