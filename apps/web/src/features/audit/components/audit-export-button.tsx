import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { auditQueryVariables, type AuditFilters } from '@/features/audit/lib/search-params';

/** Downloads the staff trail as filtered on screen (every page, not just the one shown) from the streaming export route. */
export function AuditExportButton({ filters }: { filters: AuditFilters }) {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const run = async () => {
    const { skip: _skip, take: _take, ...variables } = auditQueryVariables(filters);
    const params = new URLSearchParams();
    if (filters.accountId) params.set('accountId', filters.accountId);
    for (const [name, value] of Object.entries(variables)) if (typeof value === 'string' && value) params.set(name, value);
    setState({ busy: true });
    try {
      const response = await fetch(`/exports/audit-events.csv?${params}`, {
        credentials: 'include',
        headers: { 'x-csrf-token': localStorage.getItem('csrfToken') ?? '' },
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { errors?: Array<{ message: string }> } | null;
        throw new Error(body?.errors?.[0]?.message ?? `Export failed (${response.status}).`);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit-trail.csv';
      link.click();
      URL.revokeObjectURL(url);
      setState({ busy: false });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : 'Export failed.' });
    }
  };
  return (
    <div className="flex items-center gap-2">
      {state.error ? (
        <span role="alert" className="text-xs text-destructive">
          {state.error}
        </span>
      ) : null}
      <Button type="button" size="sm" variant="outline" disabled={state.busy} onClick={() => void run()}>
        {state.busy ? <Spinner label="Exporting" /> : <DownloadIcon aria-hidden />} Export CSV
      </Button>
    </div>
  );
}
