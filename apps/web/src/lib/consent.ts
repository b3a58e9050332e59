import { getRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import { CONSENT_CATEGORIES, type ConsentCategory } from '@/lib/consent-categories';

// Consent for the third-party scripts the server configures (GA4, the support chat). The consent manager itself
// (vanilla-cookieconsent, lib/consent-manager.ts) loads only when one of them is configured; without any there is
// no banner and nothing is asked. Until the visitor answers, every category counts as refused.

export type { ConsentCategory };

type Listener = (granted: boolean) => void;

const granted = new Set<ConsentCategory>();
const listeners = new Set<{ category: ConsentCategory; listener: Listener }>();
let manager: Promise<{ showPreferences(): void }> | null = null;

/** The categories this server's configuration needs consent for: GA4 with a measurement id, the chat with an app id. */
export function consentCategoriesInUse(config: RuntimeConfig = getRuntimeConfig()): ConsentCategory[] {
  const categories: ConsentCategory[] = [];
  if (config.ga4MeasurementId) categories.push('analytics');
  if (config.intercomAppId) categories.push('supportChat');
  return categories;
}

export function hasConsent(category: ConsentCategory): boolean {
  return granted.has(category);
}

/** Calls back each time the category is granted (at once if it already is); returns the unsubscribe. */
export function onConsent(category: ConsentCategory, callback: () => void): () => void {
  return onConsentChange(category, (isGranted) => {
    if (isGranted) callback();
  });
}

/** Calls back each time the visitor takes the category back (preferences); returns the unsubscribe. */
export function onConsentWithdrawn(category: ConsentCategory, callback: () => void): () => void {
  return onConsentChange(category, (isGranted) => {
    if (!isGranted) callback();
  });
}

function onConsentChange(category: ConsentCategory, listener: Listener): () => void {
  const entry = { category, listener };
  listeners.add(entry);
  if (granted.has(category)) listener(true);
  return () => listeners.delete(entry);
}

/** The consent manager's answer (on load with a stored choice, on the first choice, on every change). */
export function applyConsent(accepted: readonly string[]): void {
  for (const category of CONSENT_CATEGORIES) {
    const now = accepted.includes(category);
    if (now === granted.has(category)) continue;
    if (now) granted.add(category);
    else granted.delete(category);
    for (const entry of [...listeners]) if (entry.category === category) entry.listener(now);
  }
}

/** Loads the consent manager when something needs consent: the banner until the visitor answers, their stored choice after. */
export function startConsentManager(config: RuntimeConfig = getRuntimeConfig()): void {
  const categories = consentCategoriesInUse(config);
  if (categories.length === 0 || manager) return;
  manager = import('@/lib/consent-manager').then(async (module) => {
    await module.runConsentManager(categories, applyConsent);
    return module;
  });
  // Not loaded (offline, a new deployment's chunks): nothing is granted, so nothing third-party loads either.
  manager.catch((error: unknown) => console.info('Could not load the consent manager', error));
}

/** Whether there is anything to choose: the "Cookie preferences" links show only then. */
export function consentManagerInUse(): boolean {
  return consentCategoriesInUse().length > 0;
}

export function showConsentPreferences(): void {
  manager?.then((module) => module.showPreferences()).catch(() => undefined);
}
