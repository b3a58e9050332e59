import { describe, expect, it } from 'vitest';
import { availableDecisions, blockedEntrySchema, decisionSchema, domainReviewSchema } from '@/features/kyb-review/lib/decision';

const messageOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('review decisions', () => {
  it('asks for a reason the partner reads when putting on hold or rejecting', () => {
    expect(messageOf(decisionSchema('OnHold').safeParse({ reason: '   ' }))).toEqual(['reason: Tell the partner what to fix (at least 5 characters).']);
    expect(messageOf(decisionSchema('Rejected').safeParse({ reason: 'no' }))).toEqual(['reason: Give the reason the partner will read (at least 5 characters).']);
    expect(decisionSchema('OnHold').parse({ reason: '  Upload a proof of address under 3 months old.  ' }).reason).toBe('Upload a proof of address under 3 months old.');
  });

  it('needs no reason to start a review or approve', () => {
    expect(decisionSchema('InProgress').safeParse({ reason: '' }).success).toBe(true);
    expect(decisionSchema('Approved').safeParse({ reason: '' }).success).toBe(true);
  });

  it('refuses a reason over 1000 characters', () => {
    expect(messageOf(decisionSchema('Approved').safeParse({ reason: 'x'.repeat(1001) }))).toEqual(['reason: At most 1000 characters']);
  });

  it('offers only the decisions the status allows', () => {
    expect(availableDecisions('Pending')).toEqual(['InProgress', 'OnHold', 'Approved', 'Rejected']);
    expect(availableDecisions('InProgress')).toEqual(['OnHold', 'Approved', 'Rejected']);
    expect(availableDecisions('OnHold')).toEqual(['Rejected']);
    expect(availableDecisions('NotStarted')).toEqual([]);
    expect(availableDecisions('Approved')).toEqual([]);
    expect(availableDecisions('Rejected')).toEqual([]);
  });
});

describe('domain reviews and the blocked list', () => {
  it('a rejected domain needs a reason, a clear one does not', () => {
    expect(messageOf(domainReviewSchema.safeParse({ status: 'rejected', reason: '' }))).toEqual(['reason: Say why the domain is rejected (at least 5 characters).']);
    expect(domainReviewSchema.safeParse({ status: 'clear', reason: '' }).success).toBe(true);
  });

  it('a blocked entry needs a value from the list and a reason', () => {
    expect(messageOf(blockedEntrySchema.safeParse({ kind: 'country', value: '', action: 'Block', reason: '' }))).toEqual([
      'value: Choose a value from the list',
      'reason: Say why (at least 5 characters).',
    ]);
    expect(blockedEntrySchema.safeParse({ kind: 'industry', value: 'Gaming', action: 'Redirect', reason: 'Handled by the gaming desk' }).success).toBe(true);
  });
});
