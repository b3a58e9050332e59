import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { listVariables, type TransactionFilters } from '@/features/transactions/lib/search-params';

/** Downloads the filtered view as CSV from the streaming export route, showing rows received so far. */
export function ExportButton(props: {
  kind: string;
  accountId: string | null;
  liveMode: boolean;
  filters: TransactionFilters;
  nft: boolean;
  expectedRows: number | null;
}) {
  const [progress, setProgress] = useState<{ rows: number; done: boolean; error?: string } | null>(null);
  const run = async () => {
    if (!props.accountId) return;
    const v = listVariables(props.filters);
    const params = new URLSearchParams({ accountId: props.accountId, liveMode: String(props.liveMode), kind: props.kind, sort: v.sort });
    if (v.searchString) params.set('searchString', v.searchString);
    if (v.status) params.set('status', v.status.join(','));
    if (v.minAmount) params.set('minAmount', v.minAmount);
    if (v.maxAmount) params.set('maxAmount', v.maxAmount);
    if (v.minCreatedAt) params.set('minCreatedAt', v.minCreatedAt);
    if (v.maxCreatedAt) params.set('maxCreatedAt', v.maxCreatedAt);
    if (props.nft) params.set('transactionType', 'nft');
    setProgress({ rows: 0, done: false });
    try {
      const response = await fetch(`/exports/transactions.csv?${params}`, {
        credentials: 'include',
        headers: { 'x-csrf-token': localStorage.getItem('csrfToken') ?? '' },
      });
      if (!response.ok || !response.body)
        throw new Error(response.status === 403 ? 'Your role cannot export transactions.' : `Export failed (${response.status}).`);
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let rows = -1;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (let i = 0; i < value.length; i += 1) if (value[i] === 10) rows += 1;
        setProgress({ rows, done: false });
      }
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'transactions.csv';
      link.click();
      URL.revokeObjectURL(url);
      setProgress({ rows, done: true });
    } catch (error) {
      setProgress({ rows: 0, done: true, error: error instanceof Error ? error.message : 'Export failed.' });
    }
  };
  const busy = progress !== null && !progress.done;
  return (
    <div className="ml-auto flex items-center gap-2">
      {progress ? (
        <span role="status" className="text-xs text-muted-foreground">
          {progress.error ??
            (progress.done
              ? `Exported ${formatCount(progress.rows)} rows`
              : `Exporting… ${formatCount(progress.rows)}${props.expectedRows ? ` of ${formatCount(props.expectedRows)}` : ''} rows`)}
        </span>
      ) : null}
      <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void run()}>
        Export CSV
      </Button>
    </div>
  );
}
