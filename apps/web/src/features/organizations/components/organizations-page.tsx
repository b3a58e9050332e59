import { useQuery } from '@apollo/client/react';
import { ArrowRightIcon, Building2Icon, CalendarRangeIcon, PlusIcon } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { SearchSubmitForm } from '@/components/search-submit-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ROUTES } from '@/config/routes';
import { OrganizationsSearchQuery } from '@/features/organizations/api/organizations';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { setSelectedAccountId, setTestMode } from '@/lib/local-state';
import { addStaffOpenedAccount } from '@/lib/staff-accounts';
import { useDraft } from '@/hooks/use-draft';
import { useAdminPermission } from '@/hooks/use-permission';
import { PageLayout } from '@/components/layouts/page-layout';
import { NameList } from '@/components/name-list';
import { IconTile } from '@/components/icon-tile';
import { useDocumentTitle } from '@/hooks/use-document-title';

const PAGE_SIZE = 20;

/** /admin/organizations: staff search organizations and open any of their accounts. The route checks the permission. */
export function OrganizationsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useDraft(search, search);
  const { data, previousData, loading, error } = useQuery(OrganizationsSearchQuery, {
    variables: { search: search || null, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE + 1 },
  });
  const rows = (data ?? previousData)?.organizations ?? [];
  const organizations = rows.slice(0, PAGE_SIZE);
  const hasMore = rows.length > PAGE_SIZE;
  // Staff with analytics:view read any account's quarterly review without opening the account.
  const canViewAnalytics = useAdminPermission('analytics:view');
  // White-glove onboarding creates an organization and its first account.
  const canCreateOrganization = useAdminPermission('organization:create');
  const canCreate = useAdminPermission('account:create') && canCreateOrganization;

  useDocumentTitle('Organizations · Rampart');

  function open(organization: (typeof organizations)[number], account: (typeof organizations)[number]['accounts'][number]) {
    addStaffOpenedAccount({ id: account.id, name: account.name, organizationName: organization.name });
    setSelectedAccountId(account.id);
    setTestMode(true);
    toast({ title: `Opened ${account.name}`, description: 'You see this account as staff; what you may do follows your admin role.' });
    void navigate(ROUTES.dashboard);
  }

  return (
    <PageLayout>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Organizations</h1>
          <p className="text-sm text-muted-foreground">Find a partner by organization name, public name, id or account name, and open one of its accounts.</p>
        </div>
        {canCreate ? (
          <Button asChild>
            <Link to={ROUTES.adminOrganizationNew}>
              <PlusIcon aria-hidden /> New organization
            </Link>
          </Button>
        ) : null}
      </div>
      <SearchSubmitForm
        label="Search organizations"
        placeholder="Search organizations"
        value={draft}
        onChange={setDraft}
        onSearch={() => setParams(draft.trim() ? { q: draft.trim() } : {})}
      />
      {error && !rows.length ? <ErrorAlert title="Could not search" message={describeApiError(error).message} /> : null}
      {loading && !rows.length ? (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : organizations.length === 0 && !error ? (
        <p className="rounded-xl border border-dashed px-6 py-12 text-center text-sm text-muted-foreground">
          {search ? `No organization matches “${search}”.` : 'No organizations yet.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Organizations">
          {organizations.map((organization) => (
            <li key={organization.id}>
              <Card className="gap-3 py-4">
                <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 px-5">
                  <div className="flex min-w-0 items-center gap-3">
                    <IconTile icon={<Building2Icon />} />
                    <div className="min-w-0">
                      <CardTitle className="truncate text-base">{organization.name}</CardTitle>
                      <CardDescription className="truncate font-mono text-xs">{organization.id}</CardDescription>
                    </div>
                  </div>
                  <div className="flex items-center gap-1.5">
                    <Badge variant="secondary">{organization.subscriptionPlanType}</Badge>
                    <Badge variant="outline">{organization.accessTier}</Badge>
                    <Button asChild size="sm" variant="ghost">
                      <Link to={`${ROUTES.adminOrganizations}/${organization.id}`} aria-label={`Details of ${organization.name}`}>
                        Details
                      </Link>
                    </Button>
                  </div>
                </CardHeader>
                <CardContent className="px-5">
                  <NameList
                    empty="No accounts."
                    items={organization.accounts.map((account) => ({
                      key: account.id,
                      name: account.name,
                      detail: account.internalName ?? account.id,
                      end: (
                        <>
                          <Badge variant={account.status === 'Active' ? 'outline' : 'warning'}>{account.status}</Badge>
                          {canViewAnalytics ? (
                            <Button asChild size="sm" variant="ghost">
                              <Link
                                to={`${ROUTES.quarterlyReview}?accountId=${encodeURIComponent(account.id)}`}
                                aria-label={`Quarterly review of ${account.name}`}
                              >
                                <CalendarRangeIcon aria-hidden /> Quarterly review
                              </Link>
                            </Button>
                          ) : null}
                          <Button size="sm" variant="outline" onClick={() => open(organization, account)} aria-label={`Open ${account.name}`}>
                            Open <ArrowRightIcon aria-hidden />
                          </Button>
                        </>
                      ),
                    }))}
                  />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {(page > 1 || hasMore) && (
        <div className="flex items-center justify-end gap-2 text-sm text-muted-foreground">
          <span>Page {page}</span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setParams({ ...(search ? { q: search } : {}), page: String(page - 1) })}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!hasMore} onClick={() => setParams({ ...(search ? { q: search } : {}), page: String(page + 1) })}>
            Next
          </Button>
        </div>
      )}
    </PageLayout>
  );
}
