import { describe, expect, it, vi } from 'vitest';
import { launchSumSubWebSdk } from '@/features/kyb/lib/sumsub';

const BASE_URL = 'http://127.0.0.1:45999';

/** A message as SumSub's frame posts it to the page (the SDK trusts only its base URL's origin). */
function fromFrame(data: Record<string, unknown>, origin = BASE_URL) {
  window.dispatchEvent(new MessageEvent('message', { origin, data }));
}

describe('launchSumSubWebSdk', () => {
  it("loads SumSub's frame from the configured host with the token, and asks the server for a new token when the frame says it expired", async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const fetchToken = vi.fn().mockResolvedValue({ token: '_act-sbx-second', baseUrl: BASE_URL });
    const onReady = vi.fn();
    const onSubmitted = vi.fn();
    const sdk = launchSumSubWebSdk(container, { token: '_act-sbx-first', baseUrl: BASE_URL }, fetchToken, { theme: 'dark', onReady, onSubmitted });
    try {
      const iframe = container.querySelector('iframe')!;
      const frameId = `id_${btoa('_act-sbx-first')}`;
      expect(iframe.src).toBe(`${BASE_URL}/websdk/websdk.html?_=${frameId}&theme=dark`);
      const toFrame = vi.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => undefined);

      // Another origin is not SumSub's frame: ignored.
      fromFrame({ method: 'idCheck.onReady', frameId, sessionId: 's1' }, 'http://127.0.0.1:1');
      expect(toFrame).not.toHaveBeenCalled();

      fromFrame({ method: 'idCheck.onReady', frameId, sessionId: 's1' });
      expect(toFrame).toHaveBeenCalledWith(expect.objectContaining({ method: 'idCheck.init', accessToken: '_act-sbx-first', theme: 'dark', lang: 'en' }), '*');
      expect(onReady).toHaveBeenCalledOnce();

      fromFrame({ method: 'idCheck.onError', sessionId: 's1', code: 'invalid-token', error: 'Access token expired' });
      await vi.waitFor(() =>
        expect(toFrame).toHaveBeenCalledWith({ method: 'idCheck.updateAccessToken', accessToken: '_act-sbx-second', error: undefined }, '*'),
      );
      expect(fetchToken).toHaveBeenCalledOnce();

      fromFrame({ method: 'idCheck.onApplicantSubmitted', sessionId: 's1' });
      expect(onSubmitted).toHaveBeenCalledOnce();
    } finally {
      sdk.destroy();
      container.remove();
    }
  });
});
