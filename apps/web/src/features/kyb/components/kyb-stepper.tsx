import { CheckIcon, CircleAlertIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { progressLabel, STEP_STATE_LABEL, STEP_STATE_TONE } from '@/features/kyb/lib/steps';
import type { KybStepKey, KybStepState } from '@/gql/graphql';
import { cn } from '@/lib/utils';

interface Step {
  key: KybStepKey;
  title: string;
  state: KybStepState;
  message?: string | null;
}

/** The application's steps in order with their states; any step can be opened, so the partner resumes anywhere. */
export function KybStepper({ steps, active, onSelect }: { steps: readonly Step[]; active: KybStepKey; onSelect: (key: KybStepKey) => void }) {
  const listRef = useRef<HTMLOListElement>(null);
  // On a phone the steps scroll sideways: bring the current one into view without moving the page.
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (list && current && list.scrollWidth > list.clientWidth) list.scrollLeft = current.offsetLeft - list.offsetLeft - 8;
  }, [active]);
  return (
    <nav aria-label="Verification steps" className="flex min-w-0 flex-col gap-2 lg:sticky lg:top-24">
      <p className="px-1 text-xs text-muted-foreground">{progressLabel(steps)}</p>
      <ol ref={listRef} className="flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0">
        {steps.map((step, index) => {
          const current = step.key === active;
          return (
            <li key={step.key} className="shrink-0 lg:shrink">
              <button
                type="button"
                aria-current={current ? 'step' : undefined}
                onClick={() => onSelect(step.key)}
                className={cn(
                  'flex w-full items-start gap-3 rounded-lg border bg-card px-3 py-2.5 text-left text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  current && 'border-primary ring-1 ring-primary',
                )}
              >
                <span
                  className={cn(
                    'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                    step.state === 'completed' && 'border-transparent bg-primary text-primary-foreground',
                    step.state === 'actionRequired' && 'border-amber-500/60 bg-amber-500/15 text-amber-800 dark:text-amber-200',
                  )}
                  aria-hidden
                >
                  {step.state === 'completed' ? (
                    <CheckIcon className="size-3.5" />
                  ) : step.state === 'actionRequired' ? (
                    <CircleAlertIcon className="size-3.5" />
                  ) : (
                    index + 1
                  )}
                </span>
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="font-medium whitespace-nowrap lg:whitespace-normal">{step.title}</span>
                  <Badge variant={STEP_STATE_TONE[step.state]}>{STEP_STATE_LABEL[step.state]}</Badge>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
