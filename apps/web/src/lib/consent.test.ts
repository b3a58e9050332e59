import { describe, expect, it } from 'vitest';
import { applyConsent, consentCategoriesInUse, hasConsent, onConsent, onConsentWithdrawn } from '@/lib/consent';

// The API other code gates third-party scripts on (the Intercom loader on supportChat, GA4 on analytics).

const config = {
  devMailbox: false,
  sso: true,
  sentryDsn: null,
  ga4MeasurementId: null,
  intercomAppId: null,
  supportEmail: null,
  featureFlagSource: 'database' as const,
};

describe('consent', () => {
  it('asks only for what the server configures', () => {
    expect(consentCategoriesInUse(config)).toEqual([]);
    expect(consentCategoriesInUse({ ...config, ga4MeasurementId: 'G-RAMPART1' })).toEqual(['analytics']);
    expect(consentCategoriesInUse({ ...config, ga4MeasurementId: 'G-RAMPART1', intercomAppId: 'abc' })).toEqual(['analytics', 'supportChat']);
  });

  it('refuses until granted, calls back on each grant and withdrawal, and not after unsubscribing', () => {
    const calls: string[] = [];
    expect(hasConsent('supportChat')).toBe(false);
    const stopGranted = onConsent('supportChat', () => calls.push('granted'));
    onConsentWithdrawn('supportChat', () => calls.push('withdrawn'));
    applyConsent(['necessary', 'analytics']);
    expect(calls).toEqual([]);
    applyConsent(['necessary', 'analytics', 'supportChat']);
    expect(hasConsent('supportChat')).toBe(true);
    // Subscribed after the grant: called at once.
    onConsent('supportChat', () => calls.push('late'));
    applyConsent(['necessary']);
    expect(hasConsent('supportChat')).toBe(false);
    stopGranted();
    applyConsent(['supportChat']);
    expect(calls).toEqual(['granted', 'late', 'withdrawn', 'late']);
  });
});
