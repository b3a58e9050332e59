import { ROUTES } from '@/config/routes';

/** Where to go after sign-in: location.state.from, else ?from=, else /dashboard. Same-origin paths only. */
export function getReturnTo(state: unknown, search: string): string {
  const fromState = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  const candidate = typeof fromState === 'string' ? fromState : new URLSearchParams(search).get('from');
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) {
    return ROUTES.dashboard;
  }
  if (candidate === ROUTES.login || candidate.startsWith(`${ROUTES.login}?`)) return ROUTES.dashboard;
  return candidate;
}
