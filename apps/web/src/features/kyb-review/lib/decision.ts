import { z } from 'zod';
import { DOMAIN_REVIEW_STATUSES, REVIEW_REASON_MAX } from '@rampart/shared/go-live';
import type { ReviewStatusValue } from '@/gql/graphql';

// The staff decisions of a KYB application or a go-live request (updateReview, updateGoLiveReview). On hold and
// Rejected carry a reason the partner reads, so the form asks for one before the server would refuse it.

export type Decision = Extract<ReviewStatusValue, 'InProgress' | 'OnHold' | 'Approved' | 'Rejected'>;
export const DECISIONS: readonly Decision[] = ['InProgress', 'OnHold', 'Approved', 'Rejected'];
export const DECISION_NEEDS_REASON: Record<Decision, boolean> = { InProgress: false, OnHold: true, Approved: false, Rejected: true };

export const DECISION_ACTION_LABEL: Record<Decision, string> = {
  InProgress: 'Start review',
  OnHold: 'Put on hold',
  Approved: 'Approve',
  Rejected: 'Reject',
};

/**
 * Which decisions a status allows, as the KYB and go-live services enforce them: a decided or unsubmitted one has
 * none, and one on hold waits for the partner to submit again (it comes back as Pending).
 */
export function availableDecisions(status: ReviewStatusValue): Decision[] {
  switch (status) {
    case 'Pending':
      return ['InProgress', 'OnHold', 'Approved', 'Rejected'];
    case 'InProgress':
      return ['OnHold', 'Approved', 'Rejected'];
    default:
      return [];
  }
}

export function decisionSchema(decision: Decision) {
  const reason = z.string().trim().max(REVIEW_REASON_MAX, `At most ${REVIEW_REASON_MAX} characters`);
  return z.object({
    reason: DECISION_NEEDS_REASON[decision]
      ? reason.min(1, decision === 'OnHold' ? 'Tell the partner what to fix: they read this reason.' : 'Give the reason: the partner reads it.')
      : reason,
  });
}
export type DecisionValues = z.infer<ReturnType<typeof decisionSchema>>;

/** A domain's review: rejected needs a reason. */
export const domainReviewSchema = z
  .object({ status: z.enum(DOMAIN_REVIEW_STATUSES), reason: z.string().trim().max(REVIEW_REASON_MAX, `At most ${REVIEW_REASON_MAX} characters`) })
  .refine((values) => values.status !== 'rejected' || values.reason.length > 0, { path: ['reason'], message: 'Say why the domain is rejected.' });
export type DomainReviewValues = z.infer<typeof domainReviewSchema>;
