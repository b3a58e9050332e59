/** The configuration the last SSO sign-in used, kept so sign-out and renewal need no API call. */
export const CONFIG_STORAGE_KEY = 'rampart:sso-configuration';
/** okta-auth-js's own token storage key (its default), read to know whether an SSO session exists. */
export const TOKEN_STORAGE_KEY = 'okta-token-storage';

/** Whether okta-auth-js holds tokens from an SSO sign-in (checked without loading the library). */
export function hasStoredSsoTokens(): boolean {
  try {
    const raw = window.localStorage.getItem(TOKEN_STORAGE_KEY);
    return !!raw && raw !== '{}';
  } catch {
    return false;
  }
}

/**
 * Whether this browser may hold an SSO session: only then does the app load the SSO code at start-up. Kept free of
 * imports so the check costs nothing on every page.
 */
export function mayHaveSsoSession(): boolean {
  try {
    return hasStoredSsoTokens() && !!window.localStorage.getItem(CONFIG_STORAGE_KEY);
  } catch {
    return false;
  }
}
