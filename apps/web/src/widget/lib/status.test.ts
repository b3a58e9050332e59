import { describe, expect, it } from 'vitest';
import { isFinal, statusWords, stepsReached, timeline } from './status';

describe('status in words', () => {
  it('draws the buy timeline', () => {
    expect(timeline('buy', 'waitingPayment').map((step) => step.state)).toEqual(['current', 'upcoming', 'upcoming']);
    expect(timeline('buy', 'pending')).toEqual([
      { label: 'Payment received', state: 'done' },
      { label: 'Sending crypto', state: 'current' },
      { label: 'Completed', state: 'upcoming' },
    ]);
    expect(timeline('buy', 'completed').every((step) => step.state === 'done')).toBe(true);
  });

  it('says what an NFT purchase does: minting or transferring the NFT, never sending crypto', () => {
    expect(timeline('buy', 'pending', 0, 'mint')).toEqual([
      { label: 'Payment received', state: 'done' },
      { label: 'Minting your NFT', state: 'current' },
      { label: 'Completed', state: 'upcoming' },
    ]);
    expect(timeline('buy', 'failed', stepsReached('buy', 'pending'), 'transfer').map((step) => `${step.label}:${step.state}`)).toEqual([
      'Payment received:done',
      'Transferring your NFT:failed',
      'Completed:upcoming',
    ]);
    expect(statusWords('buy', 'pending', 'mint')).toBe('Payment received. Minting your NFT.');
    expect(statusWords('buy', 'pending', 'transfer')).toBe('Payment received. Transferring your NFT.');
    expect(statusWords('buy', 'completed', 'mint')).toBe('Completed. The NFT is in your wallet.');
    expect(statusWords('buy', 'waitingAuthorization', 'mint')).toBe('Waiting for you to confirm the payment with your bank.');
  });

  it('marks the step a transaction failed at', () => {
    expect(timeline('buy', 'failed', 0).map((step) => step.state)).toEqual(['failed', 'upcoming', 'upcoming']);
    expect(timeline('sell', 'failed', stepsReached('sell', 'pending')).map((step) => step.state)).toEqual(['done', 'failed', 'upcoming']);
  });

  it('walks the swap states', () => {
    expect(timeline('swap', 'waitingForDepositKytRegistration').map((step) => step.state)).toEqual(['done', 'current', 'upcoming', 'upcoming', 'upcoming']);
    expect(timeline('swap', 'executingSwap').map((step) => step.state)).toEqual(['done', 'done', 'done', 'current', 'upcoming']);
  });

  it('says what happens now', () => {
    expect(statusWords('buy', 'pending')).toBe('Payment received. Sending your crypto.');
    expect(statusWords('sell', 'completed')).toMatch(/bank/);
    expect(statusWords('swap', 'waitingForDepositAddressGeneration')).toBe('Preparing your deposit address.');
    expect(statusWords('buy', 'somethingNew')).toBe('Processing.');
    expect(isFinal('completed') && isFinal('failed') && !isFinal('pending')).toBe(true);
  });
});
