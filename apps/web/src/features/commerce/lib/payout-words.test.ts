import { describe, expect, it } from 'vitest';
import { walletDeleteDescription, walletDialogDescription, walletsDescription, walletsDuringOnboardingNote } from '@/features/commerce/lib/payout-words';

const helio = (hasMerchantAccount: boolean) => ({ provider: 'helio' as const, hasMerchantAccount });
const sandbox = { provider: 'builtin' as const, hasMerchantAccount: true };
const held = { heldByHelio: true };
const notHeld = { heldByHelio: false };

describe('where payouts go, in words', () => {
  it('with Helio: only the wallets sent with the merchant account reach Helio; later changes are Rampart’s only', () => {
    expect(walletDialogDescription(helio(false), null)).toBe(
      'Helio receives it when you create your merchant account, and pays out the payments in this currency to it.',
    );
    expect(walletDialogDescription(helio(true), null)).toBe(
      'Kept in Rampart only: Helio offers platforms no way to add a wallet, so add it in your Helio dashboard as well for Helio to pay out to it.',
    );
    expect(walletDialogDescription(helio(true), held)).toBe(
      'Helio keeps paying out to the current address until you change it in your Helio dashboard: Rampart records the new one only.',
    );
    expect(walletDialogDescription(helio(true), notHeld)).toBe('Kept in Rampart only: Helio pays out to the address set in your Helio dashboard.');
    expect(walletDeleteDescription(helio(true), held)).toBe(
      'is removed from this list only: Helio keeps paying out to it until you remove it in your Helio dashboard.',
    );
    expect(walletDeleteDescription(helio(true), notHeld)).toBe('is removed from this list. Helio never received this address, so nothing changes at Helio.');
    expect(walletsDescription(helio(true))).toContain('Wallets added or changed here since are kept in Rampart only');
    expect(walletsDuringOnboardingNote('helio')).toContain('kept in Rampart only');
  });

  it('without Helio: nothing is paid out, and no text says otherwise', () => {
    const texts = [
      walletsDescription(sandbox),
      walletDialogDescription(sandbox, null),
      walletDialogDescription(sandbox, held),
      walletDeleteDescription(sandbox, notHeld),
      walletsDuringOnboardingNote('builtin'),
    ];
    for (const text of texts) {
      expect(text).toMatch(/nothing is paid out|Nothing was paid out/);
      expect(text).not.toMatch(/go(es)? to the new address|from now on/);
    }
    expect(walletDialogDescription(sandbox, null)).toBe(
      'Helio is not connected to this Rampart (the built-in sandbox stands in for it), so nothing is paid out to this address: it is kept as your payout details only.',
    );
  });
});
