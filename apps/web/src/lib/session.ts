// A csrfToken in localStorage means signed in; its absence means visitor (spec §4).

export const CSRF_TOKEN_KEY = 'csrfToken';
/** Fired on window after sign-out so other features (SSO) can end their own session. */
export const SIGNED_OUT_EVENT = 'rampart:signed-out';

export function getCsrfToken(): string {
  try {
    return window.localStorage.getItem(CSRF_TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

export function hasCsrfToken(): boolean {
  return getCsrfToken() !== '';
}

export function storeCsrfToken(token: string): void {
  window.localStorage.setItem(CSRF_TOKEN_KEY, token);
}

export function clearCsrfToken(): void {
  window.localStorage.removeItem(CSRF_TOKEN_KEY);
}
