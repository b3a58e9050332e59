import snsWebSdk from '@sumsub/websdk';

/** A WebSDK token from our server (generateSumSubSdkAccessToken) and the origin its frame loads from. */
export interface SumSubToken {
  token: string;
  baseUrl: string;
}

export interface SumSubHandlers {
  /** The frame is loaded and has its token: the loading note can go. */
  onReady?: () => void;
  /** The partner sent the verification from the frame; the server learns the result from SumSub's webhooks. */
  onSubmitted?: () => void;
  onError?: (message: string) => void;
}

/**
 * Launches SumSub's WebSDK (docs.sumsub.com/docs/get-started-with-web-sdk) into `container` with a first token; when a
 * token expires the SDK calls back and `fetchToken` asks our server for a new one. The frame loads from the server's
 * configured SumSub host. Returns the SDK, to `destroy()` when the screen goes.
 */
export function launchSumSubWebSdk(
  container: HTMLElement,
  first: SumSubToken,
  fetchToken: () => Promise<SumSubToken>,
  options: { theme: 'light' | 'dark'; lang?: string } & SumSubHandlers,
) {
  const sdk = snsWebSdk
    .init(first.token, async () => (await fetchToken()).token)
    .withBaseUrl(first.baseUrl)
    .withConf({ lang: options.lang ?? 'en', theme: options.theme })
    // The app's layout sets the viewport; the frame grows with its content.
    .withOptions({ addViewportTag: false, adaptIframeHeight: true })
    .on('idCheck.onReady', () => options.onReady?.())
    .on('idCheck.onApplicantSubmitted', () => options.onSubmitted?.())
    .on('idCheck.onApplicantResubmitted', () => options.onSubmitted?.())
    .on('idCheck.onError', (error) => options.onError?.(error.error ?? error.code ?? 'The verification form reported an error.'))
    .build();
  sdk.launch(container);
  return sdk;
}
