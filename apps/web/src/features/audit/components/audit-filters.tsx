import { FilterXIcon, SearchIcon } from 'lucide-react';
import { type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDraft } from '@/hooks/use-draft';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { EMPTY_AUDIT_FILTERS, hasActiveFilters, type AuditFilters, type AuditOutcomeFilter } from '@/features/audit/lib/search-params';

interface AuditFiltersFormProps {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  /** The staff view filters by account too. */
  showAccount?: boolean;
}

/** Filters are edited here and applied to the URL on submit (page back to 1). */
export function AuditFiltersForm({ filters, onApply, showAccount = false }: AuditFiltersFormProps) {
  const [draft, setDraft] = useDraft(filters, JSON.stringify({ ...filters, page: 1 }));
  const set = (field: keyof AuditFilters) => (event: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [field]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...draft, page: 1 });
  }

  return (
    <form onSubmit={submit} aria-label="Audit filters" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))]">
      {showAccount && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-account">Account id</Label>
          <Input id="audit-account" value={draft.accountId} onChange={set('accountId')} placeholder="Any account" />
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-actor">Actor e-mail</Label>
        <Input id="audit-actor" type="search" value={draft.actorEmail} onChange={set('actorEmail')} placeholder="Anyone" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-operation">Operation</Label>
        <Input id="audit-operation" type="search" value={draft.operation} onChange={set('operation')} placeholder="e.g. createMembership" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-outcome">Outcome</Label>
        <Select value={draft.outcome || 'any'} onValueChange={(value) => setDraft({ ...draft, outcome: value === 'any' ? '' : (value as AuditOutcomeFilter) })}>
          <SelectTrigger id="audit-outcome">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="any">Any outcome</SelectItem>
            <SelectItem value="success">Success</SelectItem>
            <SelectItem value="failure">Failure</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-from">From</Label>
        <Input id="audit-from" type="date" value={draft.from} onChange={set('from')} max={draft.to || undefined} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-to">To</Label>
        <Input id="audit-to" type="date" value={draft.to} onChange={set('to')} min={draft.from || undefined} />
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" className="flex-1">
          <SearchIcon aria-hidden /> Apply
        </Button>
        {hasActiveFilters(filters) && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label="Clear filters"
            onClick={() => {
              setDraft(EMPTY_AUDIT_FILTERS);
              onApply(EMPTY_AUDIT_FILTERS);
            }}
          >
            <FilterXIcon aria-hidden />
          </Button>
        )}
      </div>
    </form>
  );
}
