import { CheckCircle2Icon, CircleAlertIcon, CircleDashedIcon, CircleMinusIcon, ArrowRightIcon, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CHECKLIST_STATE_LABEL, CHECKLIST_STATE_TONE, itemLink } from '@/features/go-live/lib/checklist';
import type { ChecklistItemState, GoLive_ChecklistItemFragment } from '@/gql/graphql';
import { cn } from '@/lib/utils';

const ICON: Record<ChecklistItemState, LucideIcon> = {
  done: CheckCircle2Icon,
  pending: CircleDashedIcon,
  actionRequired: CircleAlertIcon,
  notApplicable: CircleMinusIcon,
};

/** The product's checklist in the server's order: state, why it is not done, and a link to where it is done. */
export function ChecklistCard({ items, productLabel }: { items: readonly GoLive_ChecklistItemFragment[]; productLabel: string }) {
  const { pathname } = useLocation();
  const done = items.filter((item) => item.state === 'done').length;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Checklist</CardTitle>
        <CardDescription>
          {done} of {items.length} done for {productLabel}. Items marked “Not required” do not hold back your request.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="Go-live checklist" className="flex flex-col divide-y rounded-lg border">
          {items.map((item) => {
            const Icon = ICON[item.state];
            const link = item.state === 'done' || item.state === 'notApplicable' ? null : itemLink(item.route ?? null, pathname);
            return (
              <li key={item.key} aria-label={item.label} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 items-start gap-3">
                  <Icon
                    className={cn(
                      'mt-0.5 size-5 shrink-0',
                      item.state === 'done' && 'text-(--success)',
                      item.state === 'actionRequired' && 'text-amber-600 dark:text-amber-400',
                      (item.state === 'pending' || item.state === 'notApplicable') && 'text-muted-foreground',
                    )}
                    aria-hidden
                  />
                  <div className="flex min-w-0 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{item.label}</span>
                      <Badge variant={CHECKLIST_STATE_TONE[item.state]}>{CHECKLIST_STATE_LABEL[item.state]}</Badge>
                      {!item.requiredToGoLive && item.state !== 'done' && item.state !== 'notApplicable' && <Badge variant="outline">Not required</Badge>}
                    </div>
                    {item.detail && <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{item.detail}</p>}
                  </div>
                </div>
                {link && (
                  <div className="shrink-0 pl-8 sm:pl-0">
                    {link.kind === 'anchor' ? (
                      <a href={link.href} className="inline-flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline">
                        Go there <ArrowRightIcon className="size-3.5" aria-hidden />
                        <span className="sr-only">: {item.label}</span>
                      </a>
                    ) : (
                      <Link to={link.href} className="inline-flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline">
                        Go there <ArrowRightIcon className="size-3.5" aria-hidden />
                        <span className="sr-only">: {item.label}</span>
                      </Link>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
