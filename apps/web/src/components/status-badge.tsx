import type { TransactionKind } from '@rampart/shared/transactions';
import type * as React from 'react';
import {
  AUDIT_OUTCOME_LABEL,
  CUSTOMER_LEVEL_LABEL,
  DOMAIN_REVIEW_LABEL,
  IDENTITY_CHECK_LABEL,
  labelOf,
  labelOfStatus,
  REVIEW_STATUS_LABEL,
} from '@/lib/labels';
import { cn } from '@/lib/utils';

/**
 * What a status means to the reader, one look per meaning on every table and detail page: done, being worked on,
 * waiting on someone (the customer, the partner, a reviewer), failed or refused, and neutral.
 */
export type StatusMeaning = 'success' | 'progress' | 'waiting' | 'failed' | 'neutral';

const LOOK: Record<StatusMeaning, string> = {
  success: 'border-emerald-600/30 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200',
  progress: 'border-sky-600/30 bg-sky-500/10 text-sky-800 dark:text-sky-200',
  waiting: 'border-amber-500/40 bg-amber-500/15 text-amber-800 dark:text-amber-200',
  failed: 'border-red-600/30 bg-red-500/10 text-red-700 dark:text-red-300',
  neutral: 'border-border bg-muted/50 text-muted-foreground',
};

const DOT: Record<StatusMeaning, string> = {
  success: 'bg-emerald-500',
  progress: 'bg-sky-500',
  waiting: 'bg-amber-500',
  failed: 'bg-red-500',
  neutral: 'bg-muted-foreground/60',
};

/** Transaction statuses of every kind (spec §4) by meaning; statuses not listed are in progress. */
const TRANSACTION_MEANING: Record<string, StatusMeaning> = {
  completed: 'success',
  Completed: 'success',
  failed: 'failed',
  Failed: 'failed',
  frozen: 'waiting',
  waitingPayment: 'waiting',
  WaitingPayment: 'waiting',
  waitingAuthorization: 'waiting',
  waitingForDeposit: 'waiting',
  reQuoteRequired: 'waiting',
};

const IDENTITY_MEANING: Record<string, StatusMeaning> = {
  Clear: 'success',
  Full: 'success',
  Lite: 'neutral',
  Basic: 'neutral',
  Failed: 'failed',
  Rejected: 'failed',
  Blocked: 'failed',
  Pending: 'waiting',
  Reset: 'waiting',
  NotStarted: 'neutral',
  // A customer file's review result.
  Approved: 'success',
};

const REVIEW_MEANING: Record<string, StatusMeaning> = {
  NotStarted: 'neutral',
  Draft: 'progress',
  Pending: 'waiting',
  InProgress: 'progress',
  OnHold: 'waiting',
  Approved: 'success',
  Rejected: 'failed',
  clear: 'success',
  rejected: 'failed',
  pending: 'waiting',
};

export function transactionStatusMeaning(status: string | null | undefined): StatusMeaning {
  return status ? (TRANSACTION_MEANING[status] ?? 'progress') : 'neutral';
}

export function identityMeaning(status: string | null | undefined): StatusMeaning {
  return status ? (IDENTITY_MEANING[status] ?? 'neutral') : 'neutral';
}

export function reviewMeaning(status: string | null | undefined): StatusMeaning {
  return status ? (REVIEW_MEANING[status] ?? 'neutral') : 'neutral';
}

/** A badge in the look of its meaning; the label is already in words (see lib/labels). */
export function StatusBadge({ meaning, children, className, ...props }: React.ComponentProps<'span'> & { meaning: StatusMeaning }) {
  return (
    <span
      data-slot="status-badge"
      data-meaning={meaning}
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1.5 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        LOOK[meaning],
        className,
      )}
      {...props}
    >
      <span className={cn('size-1.5 shrink-0 rounded-full', DOT[meaning])} aria-hidden />
      {children}
    </span>
  );
}

/** A transaction's status in words, in the look of its meaning. */
export function TransactionStatusBadge({
  kind,
  status,
  ...props
}: React.ComponentProps<'span'> & { kind: TransactionKind | null | undefined; status: string | null | undefined }) {
  return (
    <StatusBadge meaning={transactionStatusMeaning(status)} data-status={status ?? undefined} {...props}>
      {labelOfStatus(kind, status)}
    </StatusBadge>
  );
}

/** An identity check's state or a customer's level. */
export function IdentityBadge({ status, children, ...props }: React.ComponentProps<'span'> & { status: string | null | undefined }) {
  return (
    <StatusBadge meaning={identityMeaning(status)} {...props}>
      {children ?? labelOf({ ...CUSTOMER_LEVEL_LABEL, ...IDENTITY_CHECK_LABEL }, status)}
    </StatusBadge>
  );
}

/** A KYB, go-live or domain review status. */
export function ReviewBadge({ status, ...props }: React.ComponentProps<'span'> & { status: string | null | undefined }) {
  return (
    <StatusBadge meaning={reviewMeaning(status)} {...props}>
      {labelOf({ ...DOMAIN_REVIEW_LABEL, ...REVIEW_STATUS_LABEL }, status)}
    </StatusBadge>
  );
}

/** Whether an operation or delivery succeeded. */
export function OutcomeBadge({ outcome, className }: { outcome: 'success' | 'failure'; className?: string }) {
  return (
    <StatusBadge meaning={outcome === 'success' ? 'success' : 'failed'} className={className}>
      {AUDIT_OUTCOME_LABEL[outcome]}
    </StatusBadge>
  );
}
