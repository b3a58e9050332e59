import { onboardingInfoSchema, type OnboardingInfoInput } from '@rampart/shared/onboarding';
import { z } from 'zod';

// The form keeps website URLs as rows ({ value }) for react-hook-form's field array; the shared schema validates the
// same list the server validates, so every rule and message stays in packages/shared.

export const onboardingFormSchema = onboardingInfoSchema.extend({
  websiteUrls: z
    .array(z.object({ value: z.string() }))
    .transform((rows) => rows.map((row) => row.value.trim()).filter((value, index, all) => value !== '' || all.length === 1))
    .pipe(onboardingInfoSchema.shape.websiteUrls),
  registrationNumber: z
    .string()
    .transform((value): string | null | undefined => value.trim() || null)
    .pipe(onboardingInfoSchema.shape.registrationNumber),
  useCase: z
    .string()
    .transform((value): string | null | undefined => value.trim() || null)
    .pipe(onboardingInfoSchema.shape.useCase),
});

export type OnboardingFormValues = z.input<typeof onboardingFormSchema>;

export const EMPTY_ONBOARDING_FORM: OnboardingFormValues = {
  accountName: '',
  legalName: '',
  country: '',
  industry: '' as OnboardingFormValues['industry'],
  websiteUrls: [{ value: '' }],
  productInterests: [],
  expectedMonthlyVolume: '' as OnboardingFormValues['expectedMonthlyVolume'],
  registrationNumber: '',
  useCase: '',
};

/** Prefills the form from what the account already told us. */
export function formValuesFromDetails(details: {
  accountName: string;
  legalName: string;
  country: string;
  industry: string;
  websiteUrls: readonly string[];
  productInterests: readonly string[];
  expectedMonthlyVolume: string;
  registrationNumber?: string | null;
  useCase?: string | null;
}): OnboardingFormValues {
  return {
    accountName: details.accountName,
    legalName: details.legalName,
    country: details.country,
    industry: details.industry as OnboardingFormValues['industry'],
    websiteUrls: details.websiteUrls.length > 0 ? details.websiteUrls.map((value) => ({ value })) : [{ value: '' }],
    productInterests: [...details.productInterests] as OnboardingFormValues['productInterests'],
    expectedMonthlyVolume: details.expectedMonthlyVolume as OnboardingFormValues['expectedMonthlyVolume'],
    registrationNumber: details.registrationNumber ?? '',
    useCase: details.useCase ?? '',
  };
}

export type { OnboardingInfoInput };

/** Labels of spec §4's products. */
export const PRODUCT_LABELS: Record<string, { label: string; description: string }> = {
  OnRamp: { label: 'On-ramp', description: 'Your users buy crypto with cards, bank transfers and wallets.' },
  OffRamp: { label: 'Off-ramp', description: 'Your users sell crypto and receive fiat.' },
  Swaps: { label: 'Swaps', description: 'Token swaps on the same chain or across chains.' },
  NftCheckout: { label: 'NFT checkout', description: 'Card payments for NFT purchases.' },
  Minting: { label: 'Minting', description: 'Mint NFTs to your users’ wallets.' },
  FreeClaims: { label: 'Free claims', description: 'Let users claim free NFTs and passes.' },
  login: { label: 'Login', description: 'Wallet login for your users.' },
};
