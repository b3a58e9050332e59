/** At most one refresh of the provider's session per this many milliseconds of activity in Rampart. */
export const PROVIDER_SESSION_REFRESH_MS = 5 * 60 * 1000;

/** What counts as activity: the user clicking, tapping or typing in the app. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Keeps the identity provider's session alive while the user works in Rampart: on activity, at most once per
 * PROVIDER_SESSION_REFRESH_MS, `refresh` runs (okta-auth-js' session.refresh: POST /api/v1/sessions/me/lifecycle/refresh
 * with the provider's cookie), and once at start. A provider without a session answers 404; nothing else follows from
 * it. Answers the cleanup.
 */
export function keepProviderSessionAlive(
  refresh: () => Promise<unknown>,
  options: { target?: EventTarget; now?: () => number; active?: () => boolean } = {},
): () => void {
  const target = options.target ?? window;
  const now = options.now ?? Date.now;
  const active = options.active ?? (() => true);
  let last = Number.NEGATIVE_INFINITY;
  let inFlight = false;

  const onActivity = () => {
    if (inFlight || now() - last < PROVIDER_SESSION_REFRESH_MS || !active()) return;
    last = now();
    inFlight = true;
    refresh()
      .catch((error: unknown) => console.info('Could not refresh the identity provider session', error))
      .finally(() => {
        inFlight = false;
      });
  };

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { capture: true, passive: true });
  onActivity();
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, { capture: true });
  };
}
