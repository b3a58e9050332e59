import { getRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';
import { PAGE_VIEW_EXCLUDED_PATHS } from '@/config/routes';
import { onConsent, onConsentWithdrawn } from '@/lib/consent';

// Page views to GA4 (spec §1, §2). gtag.js is loaded from Google only with a measurement id AND analytics consent
// (lib/consent.ts), and never while a reset route is open. We send one page_view per path change ourselves (gtag's
// own on `config` is off), never on the four reset routes, and page_location is the origin and path only: a query or
// fragment (a reset or invitation token) never reaches Google. Without GA4 nothing is loaded or sent.

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

interface CurrentPage {
  path: string;
  excluded: boolean;
  /** The screen has set its title (or had time to): a lazily loaded screen sets it after the path has changed. */
  titleReady: boolean;
  sent: boolean;
}

let measurementId: string | null = null;
let consented = false;
let gtagLoaded = false;
let current: CurrentPage | null = null;
/** The title of the last page whose title was settled: the same title on a new path is still the old screen's. */
let settledTitle = typeof document === 'undefined' ? '' : document.title;
let titleFallback: ReturnType<typeof setTimeout> | undefined;

/** Screens without a title of their own keep the previous one; their view goes with it after this long. */
const TITLE_WAIT_MS = 1000;

/** Wires GA4 to the analytics consent; does nothing unless GA4_MEASUREMENT_ID is configured. */
export function startAnalytics(config: RuntimeConfig = getRuntimeConfig()): void {
  if (!config.ga4MeasurementId || measurementId) return;
  measurementId = config.ga4MeasurementId;
  onConsent('analytics', () => {
    consented = true;
    sendCurrentPageView();
  });
  onConsentWithdrawn('analytics', () => {
    consented = false;
    // The consent manager clears _ga* and reloads the page; until then gtag stores and sends nothing more.
    window.gtag?.('consent', 'update', { analytics_storage: 'denied' });
  });
}

/** RootRoute calls this on every path change (the path without a trailing slash). */
export function trackPageView(path: string): void {
  // StrictMode runs the effect twice in development.
  if (current?.path === path) return;
  clearTimeout(titleFallback);
  // A screen left before it had a title is still counted, under the title it showed.
  if (current && !current.titleReady) sendCurrentPageView(settledTitle);
  const titleReady = document.title !== settledTitle;
  if (titleReady) settledTitle = document.title;
  current = { path, excluded: PAGE_VIEW_EXCLUDED_PATHS.includes(path), titleReady, sent: false };
  // Anything gtag sends by itself from now on carries this page, never the address bar's query.
  if (gtagLoaded) window.gtag?.('set', pageFields(path, document.title));
  if (!titleReady) titleFallback = setTimeout(() => documentTitleSet(path), TITLE_WAIT_MS);
  sendCurrentPageView();
}

/** The path as page views name it: without a trailing slash. */
export function pageViewPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** useDocumentTitle calls this once the screen on `path` has set its title. */
export function documentTitleSet(path: string = pageViewPath(window.location.pathname)): void {
  if (!current || current.path !== path || current.titleReady) return;
  current.titleReady = true;
  settledTitle = document.title;
  sendCurrentPageView();
}

function sendCurrentPageView(staleTitle?: string): void {
  if (!measurementId || !consented || !current || current.excluded || current.sent) return;
  if (!current.titleReady && staleTitle === undefined) return;
  const title = staleTitle ?? document.title;
  loadGtag(measurementId, current.path, title);
  current.sent = true;
  window.gtag?.('event', 'page_view', pageFields(current.path, title));
}

function pageFields(path: string, title: string) {
  return { page_location: `${window.location.origin}${path}`, page_title: title };
}

function loadGtag(id: string, path: string, title: string): void {
  if (gtagLoaded) return;
  gtagLoaded = true;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the data layer, not arrays: Google's snippet, as a function.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js needs the arguments object itself
    window.dataLayer?.push(arguments);
  };
  // Consent Mode v2: analytics granted (we load only after consent); nothing for advertising.
  window.gtag('consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'granted' });
  window.gtag('js', new Date());
  window.gtag('set', pageFields(path, title));
  window.gtag('config', id, { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}
