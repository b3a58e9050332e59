import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { PageLayout } from '@/components/layouts/page-layout';
import { QueryErrorAlert } from '@/components/query-boundary';
import { Skeleton } from '@/components/ui/skeleton';

/** The link above a page back to the list (or screen) it was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-2 hover:underline">
      <ArrowLeftIcon className="size-4" aria-hidden /> {children}
    </Link>
  );
}

/** The page of one record while the record loads: the way back and placeholders. */
export function RecordPageLoading({ back, children }: { back: ReactNode; children: ReactNode }) {
  return (
    <PageLayout className="gap-4">
      {back}
      {children}
    </PageLayout>
  );
}

/** The page of one record that cannot be shown: the way back, the page's title and why. */
export function RecordPageError({ back, title, errorTitle, message }: { back: ReactNode; title: string; errorTitle: string; message: string | null }) {
  return (
    <PageLayout className="gap-4">
      {back}
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <ErrorAlert title={errorTitle} message={message} />
    </PageLayout>
  );
}

/**
 * A back-office record's page from its query: the way back to its list, the error alert while there is no record,
 * placeholders on the first load, then the record (kept on screen while a refetch runs).
 */
export function QueriedRecordPage<T>({
  back,
  record,
  query,
  errorTitle,
  children,
}: {
  back: { to: string; label: string };
  record: T | null | undefined;
  query: { loading: boolean; error?: unknown; refetch: () => unknown };
  errorTitle: string;
  children: (record: T) => ReactNode;
}) {
  return (
    <PageLayout>
      <BackLink to={back.to}>{back.label}</BackLink>
      {query.error && !record ? <QueryErrorAlert title={errorTitle} error={query.error} onRetry={query.refetch} /> : null}
      {query.loading && !record ? (
        <div className="flex flex-col gap-4">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : null}
      {record ? children(record) : null}
    </PageLayout>
  );
}
