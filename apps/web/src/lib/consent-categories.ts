/** The categories that need consent; "necessary" (the session, the theme) is always on and never asked. */
export type ConsentCategory = 'analytics' | 'supportChat';

export const CONSENT_CATEGORIES: readonly ConsentCategory[] = ['analytics', 'supportChat'];
