import type { BrowserContext, Page } from '@playwright/test';
import { startConfiguredApp, type ConfiguredApp } from './configured-app.ts';
import { expect, test } from './fixtures.ts';

// Issue 37: the consent manager (vanilla-cookieconsent) gates GA4. A second server of the run has GA4_MEASUREMENT_ID
// set; Google's hosts are stood in for at the network boundary: gtag.js by a script that does what gtag.js does with
// the data layer (reads gtag()'s `arguments`, sends a page_view on `config` unless send_page_view is false, one hit per
// `event`, with the `set` and Consent Mode state) and sends each hit to the GA4 collection endpoint, /g/collect.

const MEASUREMENT_ID = 'G-RAMPART37';
const GOOGLE = /^https:\/\/([^/]+\.)?(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net|google\.com)\//;

const GTAG_STAND_IN = `(() => {
  const id = new URL(document.currentScript.src).searchParams.get('id');
  const consent = {}, fields = {};
  let configured = false;
  const send = (en, params) => {
    const hit = new URLSearchParams({
      v: '2', tid: id, cid: '555.1', en,
      dl: params.page_location ?? fields.page_location ?? location.href,
      dt: params.page_title ?? fields.page_title ?? document.title,
      gcs: 'G1' + (consent.ad_storage === 'granted' ? 1 : 0) + (consent.analytics_storage === 'granted' ? 1 : 0),
    });
    fetch('https://region1.google-analytics.com/g/collect?' + hit, { method: 'POST', mode: 'no-cors', keepalive: true });
  };
  const handle = (entry) => {
    if (Object.prototype.toString.call(entry) !== '[object Arguments]') return;
    const [command, a, b] = entry;
    if (command === 'consent') Object.assign(consent, b);
    else if (command === 'set') Object.assign(fields, a);
    else if (command === 'config') { configured = true; if (b?.send_page_view !== false) send('page_view', b ?? {}); }
    else if (command === 'event' && configured) send(a, b ?? {});
  };
  const dataLayer = (window.dataLayer = window.dataLayer || []);
  dataLayer.forEach(handle);
  const push = dataLayer.push.bind(dataLayer);
  dataLayer.push = (...entries) => { entries.forEach(handle); return push(...entries); };
})();`;

interface Google {
  /** Every request to a Google host: its URL, body and referrer. */
  requests: string[];
  /** The hits /g/collect received. */
  hits: { en: string; dl: string; dt: string; tid: string; gcs: string }[];
  /** Console errors and CSP refusals on the page. */
  errors: string[];
}

async function watchGoogle(context: BrowserContext, page: Page): Promise<Google> {
  const google: Google = { requests: [], hits: [], errors: [] };
  await context.route(GOOGLE, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    google.requests.push(`${request.url()} ${request.postData() ?? ''} ${(await request.allHeaders())['referer'] ?? ''}`);
    if (url.hostname === 'www.googletagmanager.com' && url.pathname === '/gtag/js') {
      return route.fulfill({ contentType: 'text/javascript', body: GTAG_STAND_IN });
    }
    if (url.hostname.endsWith('.google-analytics.com') && url.pathname === '/g/collect') {
      const { en, dl, dt, tid, gcs } = Object.fromEntries(url.searchParams);
      google.hits.push({ en: en!, dl: dl!, dt: dt!, tid: tid!, gcs: gcs! });
      return route.fulfill({ status: 204 });
    }
    return route.abort();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') google.errors.push(message.text());
  });
  return google;
}

/** A client-side route change, as a link inside the app would make it. */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

let app: ConfiguredApp;
test.beforeAll(async () => {
  app = await startConfiguredApp({ GA4_MEASUREMENT_ID: MEASUREMENT_ID });
});
test.afterAll(async () => {
  await app?.close();
});

test('GA4 gets page views only after consent, never on the reset routes, and nothing when declined or unconfigured', async ({ page, context, browser }) => {
  const google = await watchGoogle(context, page);
  const heading = page.getByRole('heading', { level: 1 });
  const banner = page.getByRole('dialog', { name: 'Cookies on Rampart' });
  const pageView = (path: string, title: string) => ({ en: 'page_view', dl: `${app.url}${path}`, dt: title, tid: MEASUREMENT_ID, gcs: 'G101' });

  await test.step('unconfigured (the run’s own server): no banner, nothing from Google', async () => {
    await page.goto('/login');
    await expect(heading).toHaveText('Sign in to Rampart');
    await expect(page.locator('#cc-main')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cookie preferences' })).toHaveCount(0);
  });

  await test.step('before consent: the banner, and no request to Google across route changes', async () => {
    await page.goto(`${app.url}/login`);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Reject all' })).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(heading).toHaveText('Create your Rampart account');
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    expect(google.requests).toEqual([]);
  });

  await test.step('accepted: a page_view for the open page, then one per route change with its location and title', async () => {
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => google.hits).toEqual([pageView('/signup', 'Create your Rampart account · Rampart')]);
    await page.getByRole('link', { name: 'Terms of service', exact: true }).click();
    await expect(heading).toHaveText('Terms of service');
    await expect.poll(() => google.hits.length).toBe(2);
    expect(google.hits[1]).toEqual(pageView('/terms', 'Terms of service · Rampart'));
  });

  await test.step('the four reset routes send nothing, and no reset token ever reaches Google', async () => {
    await navigateInApp(page, '/reset_password');
    await expect(heading).toHaveText('Reset your password');
    // The e-mailed link forwards to /set_new_password with its token.
    await navigateInApp(page, '/reset?token=secret-reset-token');
    await expect(page).toHaveURL(/\/set_new_password\?token=secret-reset-token$/);
    await expect(heading).toHaveText('Choose a new password');
    await navigateInApp(page, '/reset_2fa?token=secret-2fa-token');
    await expect(heading).toHaveText('Turn off two-factor authentication');
    await navigateInApp(page, '/login');
    await expect.poll(() => google.hits.length).toBe(3);
    expect(google.hits[2]).toEqual(pageView('/login', 'Sign in to Rampart · Rampart'));

    // Opened from the e-mail (a new page load, consent stored): gtag.js is not even loaded until the visitor leaves.
    await page.goto(`${app.url}/reset?token=secret-link-token`);
    await expect(heading).toHaveText('Choose a new password');
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
    await navigateInApp(page, '/signup');
    await expect.poll(() => google.hits.length).toBe(4);
    expect(google.hits[3]).toEqual(pageView('/signup', 'Create your Rampart account · Rampart'));
    expect(google.requests.join('\n')).not.toMatch(/secret|token/);
    expect(google.errors).toEqual([]);
  });

  await test.step('declined: nothing is loaded or sent, and the choice is kept', async () => {
    const declining = await browser.newContext();
    const other = await declining.newPage();
    const declined = await watchGoogle(declining, other);
    await other.goto(`${app.url}/login`);
    const otherBanner = other.getByRole('dialog', { name: 'Cookies on Rampart' });
    await otherBanner.getByRole('button', { name: 'Reject all' }).click();
    await expect(otherBanner).toBeHidden();
    await other.getByRole('link', { name: 'Create an account' }).click();
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Create your Rampart account');
    await other.reload();
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Create your Rampart account');
    await expect(other.getByRole('button', { name: 'Cookie preferences' })).toBeVisible();
    await expect(otherBanner).toBeHidden();
    expect(declined.requests).toEqual([]);
    expect(declined.errors).toEqual([]);
    await declining.close();
  });
});
