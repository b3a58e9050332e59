import { useQuery } from '@apollo/client/react';
import { SearchIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { AdminPricing_AccountSearch } from '@/features/admin-pricing/api/admin-pricing';
import { describeApiError } from '@/lib/graphql-errors';

/** Finds a partner account by its organization's or its own name (staff screens act on one account at a time). */
export function AccountPicker({ onPick }: { onPick: (account: { id: string; name: string }) => void }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const { data, loading, error } = useQuery(AdminPricing_AccountSearch, { variables: { search: search ?? '' }, skip: search === null });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(draft.trim());
  }

  const accounts = (data?.organizations ?? []).flatMap((organization) =>
    organization.accounts.map((account) => ({ ...account, organization: organization.name })),
  );
  return (
    <div className="flex flex-col gap-3 rounded-xl border p-4">
      <form onSubmit={submit} role="search" className="flex flex-wrap items-end gap-2">
        <SearchField
          id="account-search"
          label="Partner account"
          value={draft}
          onChange={setDraft}
          placeholder="Organization or account name, or an id"
          className="min-w-0 flex-1 gap-1.5"
        />
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden /> Find
        </Button>
      </form>
      {error ? <ErrorAlert title="Could not search" message={describeApiError(error).message} /> : null}
      {search !== null && !loading && !error && accounts.length === 0 ? <p className="text-sm text-muted-foreground">No account matches “{search}”.</p> : null}
      {accounts.length > 0 ? (
        <ul className="divide-y rounded-md border" aria-label="Accounts found">
          {accounts.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="flex min-w-0 flex-col">
                <span className="truncate text-sm font-medium">{account.name}</span>
                <span className="truncate text-xs text-muted-foreground">{account.organization}</span>
              </div>
              <Button size="sm" variant="outline" onClick={() => onPick(account)} aria-label={`Choose ${account.name}`}>
                Choose
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The account a back-office page is about, kept in the URL (?accountId=…&account=name). */
export function useChosenAccount() {
  const [params, setParams] = useSearchParams();
  return {
    accountId: params.get('accountId'),
    accountName: params.get('account'),
    choose: (account: { id: string; name: string }) => setParams({ accountId: account.id, account: account.name }),
    clear: () => setParams({}),
  };
}

/** The picker until an account is chosen, then a way to choose another. */
export function AccountChoice({ chosen }: { chosen: ReturnType<typeof useChosenAccount> }) {
  if (!chosen.accountId) return <AccountPicker onPick={chosen.choose} />;
  return (
    <div>
      <Button variant="outline" size="sm" onClick={chosen.clear}>
        Choose another account
      </Button>
    </div>
  );
}
