import { ROUTES } from '@/config/routes';

/**
 * Where to go after signing in (with a password or single sign-on): `location.state.from`, else `?from=`, else the
 * dashboard. Only same-origin paths are kept, so a sign-in can never be used to redirect elsewhere.
 */
export function returnPathFrom(state: unknown, search: string): string {
  const fromState = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  const candidate = typeof fromState === 'string' ? fromState : new URLSearchParams(search).get('from');
  return safeReturnPath(candidate);
}

/** A same-origin path (absolute same-origin URLs are reduced to their path); the dashboard otherwise. */
export function safeReturnPath(candidate: string | null | undefined, origin = window.location.origin): string {
  if (!candidate) return ROUTES.dashboard;
  let path = candidate;
  if (!candidate.startsWith('/')) {
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return ROUTES.dashboard;
    }
    if (url.origin !== origin) return ROUTES.dashboard;
    path = `${url.pathname}${url.search}${url.hash}`;
  }
  if (path.startsWith('//') || path.startsWith('/\\')) return ROUTES.dashboard;
  if (path === ROUTES.login || path.startsWith(`${ROUTES.login}?`) || path.startsWith(`${ROUTES.login}/`)) return ROUTES.dashboard;
  return path;
}
