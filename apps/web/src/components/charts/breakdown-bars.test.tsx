import { describe, expect, it } from 'vitest';
import { shortName } from '@/components/charts/breakdown-bars';

describe('shortName', () => {
  it('keeps a name that fits the category axis', () => {
    expect(shortName('Card')).toBe('Card');
    expect(shortName('Eighteen letters!!')).toBe('Eighteen letters!!');
  });

  it('cuts a longer name to seventeen characters and an ellipsis', () => {
    expect(shortName('Apple Pay via Stripe Checkout')).toBe('Apple Pay via Str…');
  });
});
