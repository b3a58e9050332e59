import { describe, expect, it } from 'vitest';
import { availableDecisions, decisionSchema, domainReviewSchema } from '@/features/kyb-review/lib/decision';

const messageOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('review decisions', () => {
  it('asks for a reason the partner reads when putting on hold or rejecting', () => {
    expect(messageOf(decisionSchema('OnHold').safeParse({ reason: '   ' }))).toEqual(['reason: Tell the partner what to fix: they read this reason.']);
    expect(messageOf(decisionSchema('Rejected').safeParse({ reason: '' }))).toEqual(['reason: Give the reason: the partner reads it.']);
    expect(decisionSchema('OnHold').parse({ reason: '  Upload a proof of address under 3 months old.  ' }).reason).toBe(
      'Upload a proof of address under 3 months old.',
    );
  });

  it('needs no reason to start a review or approve', () => {
    expect(decisionSchema('InProgress').safeParse({ reason: '' }).success).toBe(true);
    expect(decisionSchema('Approved').safeParse({ reason: '' }).success).toBe(true);
  });

  it('refuses a reason over 2000 characters', () => {
    expect(messageOf(decisionSchema('Approved').safeParse({ reason: 'x'.repeat(2001) }))).toEqual(['reason: At most 2000 characters']);
  });

  it('offers only the decisions the status allows', () => {
    expect(availableDecisions('Pending')).toEqual(['InProgress', 'OnHold', 'Approved', 'Rejected']);
    expect(availableDecisions('InProgress')).toEqual(['OnHold', 'Approved', 'Rejected']);
    expect(availableDecisions('OnHold')).toEqual([]);
    expect(availableDecisions('NotStarted')).toEqual([]);
    expect(availableDecisions('Approved')).toEqual([]);
    expect(availableDecisions('Rejected')).toEqual([]);
  });
});

describe('domain reviews', () => {
  it('a rejected domain needs a reason, a clear one does not', () => {
    expect(messageOf(domainReviewSchema.safeParse({ status: 'rejected', reason: ' ' }))).toEqual(['reason: Say why the domain is rejected.']);
    expect(domainReviewSchema.safeParse({ status: 'clear', reason: '' }).success).toBe(true);
  });
});
