import { describe, expect, it } from 'vitest';
import { EMPTY_ONBOARDING_FORM, formValuesFromDetails, onboardingFormSchema } from '@/features/onboarding/lib/onboarding-form';

const valid = {
  ...EMPTY_ONBOARDING_FORM,
  accountName: 'Acme Pay',
  legalName: 'Acme Payments Ltd',
  country: 'GB',
  industry: 'Payments' as const,
  websiteUrls: [{ value: 'https://acme.example' }, { value: '' }],
  productInterests: ['OnRamp' as const],
  expectedMonthlyVolume: '$10k–$100k' as const,
};

describe('onboarding form schema', () => {
  it('turns rows into the shared input, dropping empty extra rows and blank optionals', () => {
    const parsed = onboardingFormSchema.parse(valid);
    expect(parsed.websiteUrls).toEqual(['https://acme.example']);
    expect(parsed.registrationNumber).toBeNull();
    expect(parsed.useCase).toBeNull();
  });

  it('reports a bad URL on its row', () => {
    const result = onboardingFormSchema.safeParse({ ...valid, websiteUrls: [{ value: 'acme.example' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['websiteUrls', 0]);
  });

  it('requires a website, a product and a country from the list', () => {
    const result = onboardingFormSchema.safeParse({ ...valid, websiteUrls: [{ value: '' }], productInterests: [], country: 'XX' });
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['websiteUrls.0', 'productInterests', 'country']));
  });

  it('prefills from saved details', () => {
    expect(
      formValuesFromDetails({ ...valid, websiteUrls: ['https://a.example'], productInterests: ['Swaps'], registrationNumber: null, useCase: 'x' }),
    ).toMatchObject({ websiteUrls: [{ value: 'https://a.example' }], registrationNumber: '', useCase: 'x' });
  });
});
