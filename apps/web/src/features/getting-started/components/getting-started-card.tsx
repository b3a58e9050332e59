import { useQuery, useReactiveVar } from '@apollo/client/react';
import { ChevronDownIcon, ChevronRightIcon, CircleCheckIcon, CircleDashedIcon, CircleIcon, PartyPopperIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { GETTING_STARTED_ANCHOR } from '@/config/routes';
import { GettingStartedQuery } from '@/features/getting-started/api/getting-started';
import { STEP_COPY } from '@/features/getting-started/lib/steps';
import type { GettingStartedStepState } from '@/gql/graphql';
import { formatCount } from '@/lib/format';
import { selectedAccountIdVar } from '@/lib/local-state';
import { cn } from '@/lib/utils';

const HIDDEN_KEY = 'gettingStartedHidden';
// Remembered only to give the loading placeholder the card's height (collapsed line or open list).
const COMPLETE_KEY = 'gettingStartedComplete';

// Per-account flags in localStorage; with storage disabled, a flag lasts for this page only.
function readFlag(key: string, accountId: string): boolean {
  try {
    return window.localStorage.getItem(`${key}:${accountId}`) === 'true';
  } catch {
    return false;
  }
}

function storeFlag(key: string, accountId: string, value: boolean): void {
  try {
    if (value) window.localStorage.setItem(`${key}:${accountId}`, 'true');
    else window.localStorage.removeItem(`${key}:${accountId}`);
  } catch {
    // storage disabled
  }
}

/**
 * The card's shape while its query runs, at the height the loaded card will have (the header, and the seven steps
 * unless the list will be shut), so the dashboard below does not jump down when the steps arrive.
 */
function GettingStartedPlaceholder({ open }: { open: boolean }) {
  return (
    <div aria-hidden data-testid="getting-started-placeholder">
      <Card className="gap-0 py-0">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <Skeleton className="w-fit text-sm font-semibold text-transparent">Getting started</Skeleton>
            <Skeleton className="w-fit max-w-full text-xs text-transparent">0 of 7 steps done — from verification to your first live payment.</Skeleton>
          </div>
          <Skeleton className="h-8 w-28 shrink-0" />
        </div>
        {open && (
          <div className="border-t">
            {Object.values(STEP_COPY).map((copy) => (
              <div key={copy.title} className="flex items-start gap-3 border-b px-4 py-3 last:border-b-0 sm:px-5">
                <Skeleton className="size-5 shrink-0 rounded-full" />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <Skeleton className="w-fit text-sm font-medium text-transparent">{copy.title}</Skeleton>
                  <Skeleton className="w-fit max-w-full text-xs text-transparent">{copy.description}</Skeleton>
                </span>
              </div>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}

const STATE_LABEL: Record<GettingStartedStepState, string> = { done: 'Done', inProgress: 'In review', started: 'In progress', open: 'To do' };

function StepIcon({ state }: { state: GettingStartedStepState }) {
  if (state === 'done') return <CircleCheckIcon className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />;
  if (state === 'inProgress') return <CircleDashedIcon className="size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />;
  if (state === 'started') return <CircleDashedIcon className="size-5 shrink-0 text-primary" aria-hidden />;
  return <CircleIcon className="size-5 shrink-0 text-muted-foreground/60" aria-hidden />;
}

/**
 * The getting-started guide on /dashboard: seven steps from verification to go-live, each ticked from the server's
 * state and linking to its screen. Collapsible; once everything is done it shrinks to a "Setup complete" line that
 * opens the list again. `/dashboard#getting-started` (the user menu's item) opens it.
 */
export function GettingStartedCard() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const { hash } = useLocation();
  const linkedHere = hash === `#${GETTING_STARTED_ANCHOR}`;
  // Refetched on each visit: steps are done on other screens.
  const { data, loading } = useQuery(GettingStartedQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId, fetchPolicy: 'cache-and-network' });
  const [hidden, setHidden] = useState<boolean | null>(null);
  const listId = useId();
  const cardRef = useRef<HTMLElement>(null);

  const guide = data?.gettingStarted.id === accountId ? data.gettingStarted : null;
  const complete = guide?.isComplete ?? false;
  // Open by default while steps remain; shut once complete or when the partner hid it (remembered per account).
  const collapsed = linkedHere ? hidden === true : (hidden ?? (complete || (accountId ? readFlag(HIDDEN_KEY, accountId) : false)));

  useEffect(() => {
    setHidden(null);
  }, [accountId, linkedHere]);
  useEffect(() => {
    if (linkedHere && guide) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [linkedHere, guide]);
  useEffect(() => {
    if (guide) storeFlag(COMPLETE_KEY, guide.id, guide.isComplete);
  }, [guide]);

  if (!accountId) return null;
  if (!guide) {
    return loading ? <GettingStartedPlaceholder open={linkedHere || !(readFlag(COMPLETE_KEY, accountId) || readFlag(HIDDEN_KEY, accountId))} /> : null;
  }

  const total = guide.steps.length;
  const toggle = () => {
    const next = !collapsed;
    setHidden(next);
    if (!complete) storeFlag(HIDDEN_KEY, accountId, next);
  };
  const toggleButton = (
    <Button variant="ghost" size="sm" onClick={toggle} aria-expanded={!collapsed} aria-controls={listId} className="shrink-0">
      {collapsed ? <ChevronRightIcon aria-hidden /> : <ChevronDownIcon aria-hidden />}
      {collapsed ? 'Show steps' : 'Hide steps'}
    </Button>
  );

  return (
    <section ref={cardRef} id={GETTING_STARTED_ANCHOR} aria-labelledby={`${listId}-title`} className="scroll-mt-24">
      <Card className="gap-0 py-0">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5">
          {complete ? <PartyPopperIcon className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden /> : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h2 id={`${listId}-title`} className="text-sm font-semibold">
              {complete ? 'Setup complete' : 'Getting started'}
            </h2>
            <p className="text-xs text-muted-foreground">
              {complete
                ? 'Your account is verified, set up and live.'
                : `${formatCount(guide.completedCount)} of ${formatCount(total)} steps done — from verification to your first live payment.`}
            </p>
          </div>
          {!complete && (
            <div
              role="progressbar"
              aria-label="Setup progress"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={guide.completedCount}
              aria-valuetext={`${guide.completedCount} of ${total} steps done`}
              className="hidden h-1.5 w-32 overflow-hidden rounded-full bg-muted sm:block"
            >
              <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${(guide.completedCount / total) * 100}%` }} />
            </div>
          )}
          {toggleButton}
        </div>
        <ol id={listId} aria-label="Setup steps" hidden={collapsed} className="border-t">
          {guide.steps.map((step, index) => {
            const copy = STEP_COPY[step.key];
            return (
              <li key={step.key} data-state={step.state} className="border-b last:border-b-0">
                <Link
                  to={copy.to}
                  className="group flex items-start gap-3 px-4 py-3 transition-colors outline-none hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:px-5"
                >
                  <StepIcon state={step.state} />
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className={cn('text-sm font-medium', step.state === 'done' && 'text-muted-foreground')}>
                      <span className="sr-only">{`Step ${index + 1}: `}</span>
                      {copy.title}
                      <span className="sr-only">{` (${STATE_LABEL[step.state]})`}</span>
                    </span>
                    <span className="text-xs text-muted-foreground">{step.detail ?? copy.description}</span>
                  </span>
                  <span
                    aria-hidden
                    className={cn(
                      'hidden shrink-0 rounded-full px-2 py-0.5 text-xs font-medium sm:inline',
                      step.state === 'done' && 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
                      step.state === 'inProgress' && 'bg-amber-500/10 text-amber-800 dark:text-amber-200',
                      step.state === 'started' && 'bg-primary/10 text-primary',
                      step.state === 'open' && 'text-muted-foreground',
                    )}
                  >
                    {STATE_LABEL[step.state]}
                  </span>
                  <ChevronRightIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ol>
      </Card>
    </section>
  );
}
