import { ShieldAlertIcon } from 'lucide-react';

import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ROUTES } from '@/config/routes';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** A 403 page: the screen exists but the viewer's role or permissions do not open it. */
export function Forbidden({ title = 'You do not have access to this page', reason }: { title?: string; reason: string }) {
  useDocumentTitle('Access denied · Rampart');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldAlertIcon className="size-5" aria-hidden />
      </span>
      <p className="text-sm font-semibold text-destructive">403</p>
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{reason}</p>
      <Button asChild>
        <Link to={ROUTES.dashboard}>Back to your dashboard</Link>
      </Button>
    </div>
  );
}
