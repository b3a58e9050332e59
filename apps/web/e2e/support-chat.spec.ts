import crypto from 'node:crypto';
import type { Browser } from '@playwright/test';
import { startConfiguredApp, type ConfiguredApp } from './configured-app.ts';
import { createPartner, type Partner } from './developers-fixtures.ts';
import { expect, test, withDatabase } from './fixtures.ts';

// Issue 37: with INTERCOM_APP_ID set, a paid organization's members get Intercom's Messenger, identified by user_hash,
// under the server's CSP, once they accept the support chat's cookies; a Free organization gets none. The run's own app
// has no Intercom, so this spec starts a second app on the run's database with it configured (configured-app.ts). Intercom's widget script is a stand-in served by page.route at
// the snippet's documented URL (no traffic leaves the machine).

const APP_ID = 'e2eintercom';
const INTERCOM_IDENTITY_SECRET = crypto.randomBytes(32).toString('hex');

/** Stands in for https://widget.intercom.io/widget/<app_id>: records how it was booted, and styles itself inline as the Messenger does. */
const WIDGET_STAND_IN = `(() => {
  const stub = window.Intercom;
  const calls = [];
  window.__intercomStandIn = { settings: JSON.parse(JSON.stringify(window.intercomSettings)), queued: (stub && stub.q ? stub.q : []).map((args) => Array.from(args)), calls };
  window.Intercom = (...args) => { calls.push(args); };
  const style = document.createElement('style');
  style.textContent = '#intercom-stand-in { color: rgb(1, 2, 3); }';
  document.head.appendChild(style);
  const frame = document.createElement('div');
  frame.id = 'intercom-stand-in';
  frame.textContent = 'Intercom stand-in';
  document.body.appendChild(frame);
})();`;

let app: ConfiguredApp;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  app = await startConfiguredApp({ INTERCOM_APP_ID: APP_ID, INTERCOM_IDENTITY_SECRET }, 5);
});

test.afterAll(async () => {
  await app?.close();
});

async function setPlan(partner: Partner, plan: 'Free' | 'Pro') {
  await withDatabase((client) =>
    client.query(`update organizations set subscription_plan_type = $2 where id = (select organization_id from accounts where id = $1)`, [
      partner.accountId,
      plan,
    ]),
  );
}

/** The partner's dashboard on the Intercom app, with the widget script answered by the stand-in. */
async function openDashboard(browser: Browser, partner: Partner) {
  const [name, ...value] = partner.session.cookie.split('=');
  const context = await browser.newContext({
    storageState: {
      cookies: [{ name: name!, value: value.join('='), domain: 'localhost', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }],
      origins: [
        {
          origin: app.url,
          localStorage: [
            { name: 'csrfToken', value: partner.session.csrfToken },
            { name: 'selectedAccountId', value: partner.accountId },
          ],
        },
      ],
    },
  });
  const page = await context.newPage();
  const widgetRequests: string[] = [];
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __violations: string[] }).__violations ??= [];
      (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.route(/^https:\/\/widget\.intercom\.io\//, async (route) => {
    widgetRequests.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: WIDGET_STAND_IN });
  });
  await page.goto(`${app.url}/dashboard`);
  await expect(page.getByRole('button', { name: /user menu/i })).toBeVisible({ timeout: 30_000 });
  // Intercom sets cookies: nothing is asked of it until the visitor accepts the support chat in the consent banner.
  const banner = page.getByRole('dialog', { name: 'Cookies on Rampart' });
  await expect(banner).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(widgetRequests).toEqual([]);
  await banner.getByRole('button', { name: 'Accept all' }).click();
  return { page, widgetRequests, problems, context };
}

test("a Pro organization's member gets Intercom's Messenger booted with app_id, user_id and user_hash; a Free one gets none", async ({ browser }) => {
  const partner = await createPartner('intercom');
  const { rows } = await withDatabase((client) =>
    client.query<{ user_id: string }>(`select user_id from memberships where account_id = $1`, [partner.accountId]),
  );
  const userId = rows[0]!.user_id;

  await setPlan(partner, 'Pro');
  const pro = await openDashboard(browser, partner);
  await pro.page.waitForFunction(() => 'Intercom' in window && '__intercomStandIn' in window);
  expect(pro.widgetRequests).toEqual([`https://widget.intercom.io/widget/${APP_ID}`]);
  const booted = await pro.page.evaluate(() => (window as unknown as { __intercomStandIn: { settings: Record<string, unknown> } }).__intercomStandIn.settings);
  expect(booted).toMatchObject({
    api_base: 'https://api-iam.intercom.io',
    app_id: APP_ID,
    user_id: userId,
    user_hash: crypto.createHmac('sha256', INTERCOM_IDENTITY_SECRET).update(userId).digest('hex'),
    company: { company_id: partner.accountId, plan: 'Pro' },
  });
  // The server's CSP let the script run and its inline styles apply; the built-in launcher gives way to the Messenger.
  await expect(pro.page.locator('#intercom-stand-in')).toHaveCSS('color', 'rgb(1, 2, 3)');
  expect(await pro.page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])).toEqual([]);
  await expect(pro.page.getByRole('banner').getByRole('button', { name: 'Support' })).toHaveCount(0);
  expect(pro.problems).toEqual([]);
  await pro.context.close();

  await setPlan(partner, 'Free');
  const free = await openDashboard(browser, partner);
  // The user hash is asked for with the shell; once it is answered, a paid plan would have loaded the widget.
  await free.page.waitForLoadState('networkidle');
  expect(free.widgetRequests).toEqual([]);
  expect(await free.page.evaluate(() => typeof (window as { Intercom?: unknown }).Intercom)).toBe('undefined');
  expect(free.problems).toEqual([]);
  await free.context.close();
});
