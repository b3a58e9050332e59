import { getRuntimeConfig } from '@/config/runtime-config';

// Page-view analytics with a pluggable sink (spec §1, §2). GA4 only with a measurement id AND consent;
// otherwise nothing is sent (in development, `npm run dev`, page views are kept on window.__rampartPageViews to look at).

export interface PageView {
  path: string;
  title: string;
  at: string;
}

export interface AnalyticsSink {
  pageView(view: PageView): void;
}

export const CONSENT_KEY = 'analyticsConsent';
export type ConsentState = 'accepted' | 'declined';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

/** Without GA4: nothing leaves the browser. The development build keeps the views; the production build has no hook. */
export const localSink: AnalyticsSink = {
  pageView(view) {
    if (import.meta.env.DEV) {
      const devWindow = window as Window & { __rampartPageViews?: PageView[] };
      (devWindow.__rampartPageViews ??= []).push(view);
    }
  },
};

function createGa4Sink(measurementId: string): AnalyticsSink {
  if (!window.gtag) {
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
    document.head.appendChild(script);
    window.dataLayer = window.dataLayer ?? [];
    window.gtag = function gtag(...args: unknown[]) {
      window.dataLayer?.push(args);
    };
    window.gtag('js', new Date());
    // Page views are sent by us on route changes, not by gtag's automatic history tracking.
    window.gtag('config', measurementId, { send_page_view: false });
  }
  return {
    pageView(view) {
      window.gtag?.('event', 'page_view', { page_path: view.path, page_title: view.title });
    },
  };
}

export function readConsent(): ConsentState | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

let sink: AnalyticsSink | null = null;

/** Replace the sink (tests, or a future provider). */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next;
}

function currentSink(): AnalyticsSink {
  if (sink) return sink;
  const { ga4MeasurementId } = getRuntimeConfig();
  sink = ga4MeasurementId && readConsent() === 'accepted' ? createGa4Sink(ga4MeasurementId) : localSink;
  return sink;
}

export function storeConsent(state: ConsentState): void {
  window.localStorage.setItem(CONSENT_KEY, state);
  sink = null; // pick the sink again with the new consent
}

export function needsConsentBanner(): boolean {
  return getRuntimeConfig().ga4MeasurementId !== null && readConsent() === null;
}

export function trackPageView(path: string): void {
  currentSink().pageView({ path, title: document.title, at: new Date().toISOString() });
}
