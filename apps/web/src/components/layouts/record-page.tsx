import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { PageLayout } from '@/components/layouts/page-layout';

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
