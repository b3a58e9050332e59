import { CircleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { describeApiError } from '@/lib/graphql-errors';

/** What QueryBoundary reads of a `useQuery` result. */
export interface QueryState<TData> {
  data: TData | undefined;
  loading: boolean;
  error?: unknown;
  refetch?: () => Promise<unknown>;
}

/** The "Could not load …" alert of a query that failed, with a button that asks again. */
export function QueryErrorAlert({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => unknown }) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{describeApiError(error).message}</p>
        {onRetry ? (
          <Button type="button" size="sm" variant="outline" className="mt-1 text-foreground" onClick={() => void onRetry()}>
            Try again
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/**
 * A query's three states in one place: the error alert (when there is nothing to show), the skeleton while the
 * first answer is on its way, then the data. A refetch keeps showing the data it replaces.
 */
export function QueryBoundary<TData>({
  query,
  errorTitle,
  skeleton = <Skeleton className="h-32 w-full" />,
  children,
}: {
  query: QueryState<TData>;
  /** "Could not load the team": the alert's title. */
  errorTitle: string;
  /** Shown until the first answer; a block of the screen's shape reads better than a spinner. */
  skeleton?: ReactNode;
  children: (data: TData) => ReactNode;
}) {
  const { data, error, refetch } = query;
  if (data === undefined || data === null) {
    if (error) return <QueryErrorAlert title={errorTitle} error={error} onRetry={refetch && (() => refetch().catch(() => undefined))} />;
    return skeleton;
  }
  return children(data);
}
