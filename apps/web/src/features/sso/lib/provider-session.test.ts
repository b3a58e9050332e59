import { describe, expect, it, vi } from 'vitest';
import { keepProviderSessionAlive, PROVIDER_SESSION_REFRESH_MS } from './provider-session';

/** Lets a settled refresh finish (its catch and finally) before the next event. */
async function settle() {
  for (let step = 0; step < 5; step += 1) await Promise.resolve();
}

describe('keepProviderSessionAlive', () => {
  it('refreshes at start and on activity at most once per interval, only while the SSO session lasts', async () => {
    const target = new EventTarget();
    let time = 1_000_000;
    let active = true;
    const refresh = vi.fn(async () => ({}));
    const stop = keepProviderSessionAlive(refresh, { target, now: () => time, active: () => active });
    expect(refresh).toHaveBeenCalledTimes(1);
    await settle();

    target.dispatchEvent(new Event('keydown'));
    time += PROVIDER_SESSION_REFRESH_MS - 1;
    target.dispatchEvent(new Event('pointerdown'));
    expect(refresh).toHaveBeenCalledTimes(1);

    time += 1;
    target.dispatchEvent(new Event('pointerdown'));
    expect(refresh).toHaveBeenCalledTimes(2);

    // Signed out of SSO (tokens gone): activity refreshes nothing.
    await settle();
    time += PROVIDER_SESSION_REFRESH_MS;
    active = false;
    target.dispatchEvent(new Event('keydown'));
    expect(refresh).toHaveBeenCalledTimes(2);

    active = true;
    stop();
    target.dispatchEvent(new Event('keydown'));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps going after a failed refresh (no session at the provider)', async () => {
    const target = new EventTarget();
    let time = 0;
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const refresh = vi.fn(() => Promise.reject(new Error('Not found')));
    const stop = keepProviderSessionAlive(refresh, { target, now: () => time });
    await vi.waitFor(() => expect(info).toHaveBeenCalledWith('Could not refresh the identity provider session', expect.any(Error)));
    time += PROVIDER_SESSION_REFRESH_MS;
    target.dispatchEvent(new Event('keydown'));
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    info.mockRestore();
  });
});
