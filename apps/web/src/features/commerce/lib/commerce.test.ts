import { describe, expect, it } from 'vitest';
import { isPublicPath } from '@/config/routes';
import { commerceSectionFor, helioLandingOutcome, middleTruncate, walletAddressIssue, walletTagIssue } from '@/features/commerce/lib/commerce';

const usdcSol = { name: 'USDC (Solana)', addressRegex: '^[1-9A-HJ-NP-Za-km-z]{32,44}$', supportsAddressTag: false };
const xrp = { name: 'XRP', addressRegex: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$', supportsAddressTag: true };

describe('commerceSectionFor', () => {
  it('opens the intro before any merchant account', () => {
    expect(commerceSectionFor(null)).toBe('intro');
    expect(commerceSectionFor(undefined)).toBe('intro');
  });
  it('keeps unfinished and rejected accounts on onboarding', () => {
    expect(commerceSectionFor('created')).toBe('onboarding');
    expect(commerceSectionFor('rejected')).toBe('onboarding');
  });
  it('shows the account once submitted', () => {
    expect(commerceSectionFor('pendingReview')).toBe('account');
    expect(commerceSectionFor('active')).toBe('account');
  });
});

describe('helioLandingOutcome', () => {
  it('routes active and in-review accounts to the account page', () => {
    expect(helioLandingOutcome('active')).toMatchObject({ path: '/commerce/account', title: 'Merchant account active' });
    expect(helioLandingOutcome('pendingReview').path).toBe('/commerce/account');
  });
  it('routes unfinished and rejected accounts to onboarding', () => {
    expect(helioLandingOutcome('created').path).toBe('/commerce/onboarding');
    expect(helioLandingOutcome('rejected')).toMatchObject({ path: '/commerce/onboarding', variant: 'destructive' });
  });
  it('says review and rejection came from the built-in page: only it returns here, and Helio reports neither', () => {
    expect(helioLandingOutcome('pendingReview').description).toBe(
      'Sent to review on the built-in onboarding page. Nothing reviews it: Helio is not connected to this Rampart.',
    );
    expect(helioLandingOutcome('rejected').description).toBe(
      'Rejected on the built-in onboarding page. Helio is not connected to this Rampart: no business was checked.',
    );
    expect(helioLandingOutcome('active').description).not.toContain('paid out');
  });
  it('routes a missing account to the intro', () => {
    expect(helioLandingOutcome(null).path).toBe('/commerce/intro');
  });
});

describe('wallet checks', () => {
  it('requires an address in the currency format', () => {
    expect(walletAddressIssue('', usdcSol)).toBe('Enter the wallet address.');
    expect(walletAddressIssue('0x1234', usdcSol)).toBe('This is not a valid USDC (Solana) address.');
    expect(walletAddressIssue(' 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU ', usdcSol)).toBeNull();
  });
  it('asks for an address before a currency is chosen, without judging its format', () => {
    expect(walletAddressIssue('', null)).toBe('Enter the wallet address.');
    expect(walletAddressIssue('anything', null)).toBeNull();
  });
  it('accepts a tag only where the currency uses one', () => {
    expect(walletTagIssue('', usdcSol)).toBeNull();
    expect(walletTagIssue(null, usdcSol)).toBeNull();
    expect(walletTagIssue('12345', usdcSol)).toBe('USDC (Solana) addresses take no tag or memo: leave the tag empty.');
    expect(walletTagIssue('12345', xrp)).toBeNull();
    expect(walletTagIssue('9'.repeat(101), xrp)).toBe('At most 100 characters');
    expect(walletTagIssue('12 34', xrp)).toBe('A tag or memo is letters, digits and punctuation, without spaces');
  });
});

describe('middleTruncate', () => {
  it('keeps short values whole and both ends of long ones', () => {
    expect(middleTruncate('rShort')).toBe('rShort');
    expect(middleTruncate('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKXtg2C…uJosgAsU');
  });
});

describe('the sandbox onboarding page', () => {
  it('is public (the token is the credential), unlike the signed-in billing sandbox pages', () => {
    expect(isPublicPath('/sandbox/helio/onboarding/abc123')).toBe(true);
    expect(isPublicPath('/sandbox/billing/checkout/cs_1')).toBe(false);
    expect(isPublicPath('/commerce/onboarding')).toBe(false);
  });
});
