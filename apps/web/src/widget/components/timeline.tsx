import { Check, LoaderCircle, X } from 'lucide-react';
import type { TimelineStep } from '../lib/status';
import { cx } from './ui';

const STATE_WORDS = { done: 'done', current: 'in progress', upcoming: 'to come', failed: 'failed' } as const;

export function Timeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="space-y-0">
      {steps.map((step, index) => (
        <li key={step.label} className="relative flex gap-3 pb-5 last:pb-0">
          {index < steps.length - 1 ? (
            <span aria-hidden className={cx('absolute top-8 left-[0.9375rem] h-[calc(100%-2rem)] w-0.5', step.state === 'done' ? 'bg-brand' : 'bg-line')} />
          ) : null}
          <span
            aria-hidden
            className={cx(
              'grid size-8 shrink-0 place-items-center rounded-full border-2',
              step.state === 'done' && 'border-brand bg-brand text-brand-foreground',
              step.state === 'current' && 'border-brand text-brand',
              step.state === 'upcoming' && 'border-line text-muted-fg',
              step.state === 'failed' && 'border-danger bg-danger-bg text-danger',
            )}
          >
            {step.state === 'done' ? (
              <Check className="size-4" />
            ) : step.state === 'current' ? (
              <LoaderCircle className="size-4 animate-spin" />
            ) : step.state === 'failed' ? (
              <X className="size-4" />
            ) : (
              <span className="size-1.5 rounded-full bg-current" />
            )}
          </span>
          <span className={cx('pt-1', step.state === 'upcoming' ? 'text-muted-fg' : 'font-medium', step.state === 'failed' && 'text-danger')}>
            {step.label}
            <span className="sr-only">: {STATE_WORDS[step.state]}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
