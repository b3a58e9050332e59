import { describeApiError } from '@/lib/graphql-errors';
import type { KybStepKey, KybStepState, ReviewStatusValue } from '@/gql/graphql';

export interface StepSummary {
  key: KybStepKey;
  state: KybStepState;
}

export const STEP_STATE_LABEL: Record<KybStepState, string> = {
  notStarted: 'Not started',
  inProgress: 'In progress',
  completed: 'Completed',
  actionRequired: 'Action required',
};

export const STEP_STATE_TONE: Record<KybStepState, 'default' | 'secondary' | 'destructive' | 'outline' | 'warning'> = {
  notStarted: 'outline',
  inProgress: 'secondary',
  completed: 'default',
  actionRequired: 'warning',
};

export const STEP_KEYS: readonly KybStepKey[] = ['companyDetails', 'ownership', 'documents', 'questionnaire', 'review'];

export function isStepKey(value: string | null | undefined): value is KybStepKey {
  return STEP_KEYS.includes(value as KybStepKey);
}

/**
 * The step to show: the one in the URL when it exists, else where the partner left off — the first step that needs
 * action, then the first one not completed, then the review.
 */
export function currentStep(steps: readonly StepSummary[], requested: string | null): KybStepKey {
  if (isStepKey(requested) && steps.some((step) => step.key === requested)) return requested;
  const needsAction = steps.find((step) => step.state === 'actionRequired');
  if (needsAction) return needsAction.key;
  const open = steps.find((step) => step.state !== 'completed' && step.key !== 'review');
  return open?.key ?? 'review';
}

/** The step after `key`, for "Save and continue". */
export function nextStep(steps: readonly StepSummary[], key: KybStepKey): KybStepKey | null {
  const index = steps.findIndex((step) => step.key === key);
  return index >= 0 && index < steps.length - 1 ? steps[index + 1]!.key : null;
}

/**
 * The partner may change the application before sending it (NotStarted, Draft) and while it is on hold; once the
 * provider has it (Pending, InProgress) or has decided (Approved, Rejected) it is read-only.
 */
export function isApplicationEditable(status: ReviewStatusValue): boolean {
  return status === 'NotStarted' || status === 'Draft' || status === 'OnHold';
}

/** "2 of 4 steps completed", counting the steps before the review. */
export function progressLabel(steps: readonly StepSummary[]): string {
  const parts = steps.filter((step) => step.key !== 'review');
  const done = parts.filter((step) => step.state === 'completed').length;
  return `${done} of ${parts.length} steps completed`;
}

/**
 * What the server's BAD_USER_INPUT says is missing: its per-field messages as a list (in the server's order), or its
 * message alone when it names no field.
 */
export function missingFromError(error: unknown): { message: string; items: string[] } {
  const info = describeApiError(error);
  return { message: info.message, items: [...new Set(Object.values(info.fields))] };
}
