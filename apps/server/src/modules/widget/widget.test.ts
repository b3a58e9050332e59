import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startWorker, type RunningWorker } from '../../jobs/worker.ts';
import { generateThemeConfig } from '@rampart/shared/theme-colors';
import type { ThemeConfig } from '@rampart/shared/themes';
import { signWidgetUrl } from '../developers/developers.service.ts';
import { splashMarkup, widgetCsp } from './widget-pages.ts';
import { startIsolatedTestApp } from '../../../test/isolated-database.ts';

// The worker is started here (not by the harness) so one test can stop and restart it; the file has a database of its
// own, so no other test file's worker takes its jobs while it is stopped.
let t: TestApp;
let worker: RunningWorker | null = null;
const startOwnWorker = async () => {
  worker = await startWorker({ pool: t.database.pool, services: t.app.services, concurrency: 4, log: t.app.log, webhookDispatcher: false });
};
beforeAll(async () => {
  t = await startIsolatedTestApp('widget', { TEST_MODE_STEP_DELAY_MS: '20' });
  await startOwnWorker();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const KEYS = 'query($a: ID!, $l: Boolean!) { apiKeys(accountId: $a, liveMode: $l) { type secret } }';
const SIGN = 'mutation($a: ID!, $u: String!, $s: String) { generateSignedUrl(accountId: $a, liveMode: false, url: $u, secretKey: $s) { url signature } }';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

async function partner(ancestors: string[] = ['https://shop.example.com']) {
  const member = await accountWithMember(t, { name: 'Widget Shop' });
  const keys = (await member.client.ok(KEYS, { a: member.accountId, l: false })).apiKeys as Array<{ type: string; secret: string }>;
  await t.database.pool.query('update accounts set allowed_iframe_ancestor_urls = $2 where id = $1', [member.accountId, ancestors]);
  return { ...member, pk: keys.find((k) => k.type === 'publishable')!.secret, sk: keys.find((k) => k.type === 'secret')!.secret };
}

async function open(url: string) {
  const response = await fetch(url);
  const html = await response.text();
  const match = /window\.__RAMPART_WIDGET__ = (.*?)<\/script>/s.exec(html);
  return { status: response.status, headers: response.headers, html, bootstrap: match ? JSON.parse(match[1]!) : null };
}

async function api(token: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${t.baseUrl}/widget-api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Widget ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any }; // the tests read the answer freely and expect() checks it
}

async function session(flow: 'buy' | 'sell' | 'swap', p?: Awaited<ReturnType<typeof partner>>) {
  const owner = p ?? (await partner());
  const page = await open(`${t.baseUrl}/widget/${flow}?apiKey=${owner.pk}`);
  expect(page.status).toBe(200);
  return { ...owner, token: page.bootstrap.sessionToken as string, sessionBootstrap: page.bootstrap };
}

async function pollStatus(token: string, id: string, status: string) {
  await expect.poll(async () => (await api(token, 'GET', `/transactions/${id}`)).body.transaction?.status, { timeout: 20_000, interval: 100 }).toBe(status);
  return (await api(token, 'GET', `/transactions/${id}`)).body.transaction;
}

async function eventsOf(transactionId: string) {
  const result = await t.database.pool.query(`select type, data->>'status' as status from webhook_events where data->>'id' = $1 order by created_at, id`, [
    transactionId,
  ]);
  return result.rows.map((row) => `${row.type}:${row.status}`);
}

const BUY = { cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'usd', amount: '100', paymentMethod: 'creditCard', country: 'US' };
const CARD = { expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvc: '123', cardholderName: 'Test Customer' };

describe('widget links', () => {
  it('opens a link signed by generateSignedUrl (no secret pasted), locks its signed parameters and marks the widget URL built', async () => {
    const p = await partner();
    const url = `${t.baseUrl}/widget/buy?apiKey=${p.pk}&currencyCode=eth&walletAddress=${WALLET}&email=ana%40example.com&colorCode=%23ff0000`;
    const signed = (await p.client.ok(SIGN, { a: p.accountId, u: url })).generateSignedUrl;
    expect(signed.url).toBe(signWidgetUrl(url, p.sk).url);
    const page = await open(signed.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.bootstrap).toMatchObject({
      flow: 'buy',
      liveMode: false,
      account: { name: 'Widget Shop' },
      colorCode: '#ff0000',
      params: { walletAddress: WALLET, email: 'ana@example.com', currencyCode: 'eth' },
    });
    expect(page.bootstrap.lockedParams.sort()).toEqual(['currencyCode', 'email', 'walletAddress']);
    expect(page.bootstrap.currencies.some((c: { code: string }) => c.code === 'eth')).toBe(true);
    expect(page.bootstrap.testCards).toHaveLength(3);
    const flags = await t.database.pool.query(`select onboarding_info->>'isWidgetUrlBuilt' as built from accounts where id = $1`, [p.accountId]);
    expect(flags.rows[0].built).toBe('true');
    const sessions = await t.database.pool.query(`select token_hash, is_signed, expires_at - created_at as ttl from widget_sessions where account_id = $1`, [
      p.accountId,
    ]);
    expect(sessions.rows).toHaveLength(1);
    expect(sessions.rows[0].token_hash).not.toContain(page.bootstrap.sessionToken);
    expect(sessions.rows[0].is_signed).toBe(true);
    const opened = await t.database.pool.query(`select count(*)::int as n from widget_events where account_id = $1 and event = 'opened'`, [p.accountId]);
    expect(opened.rows[0].n).toBe(1);
  });

  it('refuses a tampered value, a tampered signature, a misplaced one, and a wallet address without one; accepts an unsigned link without wallet or e-mail', async () => {
    const p = await partner();
    const url = `${t.baseUrl}/widget/buy?apiKey=${p.pk}&walletAddress=${WALLET}`;
    const { url: signedUrl, signature } = signWidgetUrl(url, p.sk);
    expect((await open(signedUrl)).status).toBe(200);

    const tamperedValue = await open(signedUrl.replace(WALLET, WALLET.replace('52', '53')));
    expect(tamperedValue.status).toBe(403);
    expect(tamperedValue.html).toContain('This link’s signature is not valid');
    expect(tamperedValue.bootstrap).toBeNull();

    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect((await open(`${url}&signature=${encodeURIComponent(flipped)}`)).status).toBe(403);
    expect((await open(`${url}&signature=${encodeURIComponent(signWidgetUrl(url, 'sk_test_someoneElsesKey0000000000000000').signature)}`)).status).toBe(403);
    const misplaced = await open(`${t.baseUrl}/widget/buy?apiKey=${p.pk}&signature=${encodeURIComponent(signature)}&walletAddress=${WALLET}`);
    expect(misplaced.status).toBe(403);
    expect(misplaced.html).toContain('The signature parameter must come last');
    // A signature whose percent escape was edited into one that decodes to no text (`%2B` → `%AB`) was changed, not moved.
    const brokenEscape = await open(`${url}&signature=%AB${encodeURIComponent(signature).slice(3)}`);
    expect(brokenEscape.status).toBe(403);
    expect(brokenEscape.html).toContain('The link was changed after it was signed');

    const unsignedWallet = await open(url);
    expect(unsignedWallet.status).toBe(403);
    expect(unsignedWallet.html).toContain('must be signed');
    expect((await open(`${t.baseUrl}/widget/buy?apiKey=${p.pk}&email=a%40b.co`)).status).toBe(403);

    const plain = await open(`${t.baseUrl}/widget/sell?apiKey=${p.pk}&currencyCode=eth&baseCurrencyAmount=50&theme=purple&colorCode=red`);
    expect(plain.status).toBe(200);
    // Invalid cosmetic parameters are dropped; an unsigned link locks nothing.
    expect(plain.bootstrap).toMatchObject({
      flow: 'sell',
      theme: null,
      colorCode: null,
      lockedParams: [],
      params: { currencyCode: 'eth', baseCurrencyAmount: '50' },
    });
  });

  it('sends customers back unsigned only to a domain staff cleared; elsewhere the link must be signed', async () => {
    const p = await partner();
    await t.database.pool.query(
      `insert into domain_reviews (account_id, domain, status) values ($1, 'shop.example.com', 'clear'), ($1, 'pending.example.com', null)`,
      [p.accountId],
    );
    const withRedirect = (target: string) => `${t.baseUrl}/widget/buy?apiKey=${p.pk}&redirectURL=${encodeURIComponent(target)}`;

    const offDomain = await open(withRedirect('https://evil.example.net/login'));
    expect(offDomain.status).toBe(403);
    expect(offDomain.bootstrap).toBeNull();
    expect(offDomain.html).toContain('This link’s return address is not allowed');
    expect(offDomain.html).toContain(
      'This link would send you back to evil.example.net, which is not one of the partner’s cleared domains. A redirectURL must be on a domain cleared in the go-live review, or the link must be signed with the partner’s secret key.',
    );
    // A domain still waiting for its review, and a look-alike of a cleared one, are not cleared.
    expect((await open(withRedirect('https://pending.example.com/done'))).status).toBe(403);
    expect((await open(withRedirect('https://shop.example.com.evil.example.net/done'))).status).toBe(403);

    for (const target of ['https://shop.example.com/done?order=7', 'https://www.shop.example.com/done']) {
      const cleared = await open(withRedirect(target));
      expect(cleared.status, target).toBe(200);
      expect(cleared.bootstrap.redirectURL).toBe(target);
    }
    const signed = await open(signWidgetUrl(withRedirect('https://evil.example.net/login'), p.sk).url);
    expect(signed.status).toBe(200);
    expect(signed.bootstrap.redirectURL).toBe('https://evil.example.net/login');
  });

  it('refuses an unsigned externalCustomerId (it names whose transaction it is); a signed one is recorded and locked', async () => {
    const p = await partner();
    const url = `${t.baseUrl}/widget/buy?apiKey=${p.pk}&externalCustomerId=cust-42`;
    const unsigned = await open(url);
    expect(unsigned.status).toBe(403);
    expect(unsigned.html).toContain(
      'This link sets a wallet address, an e-mail address or the partner’s customer id, so it must be signed with the partner’s secret key. It carries no signature.',
    );
    const signed = await open(signWidgetUrl(url, p.sk).url);
    expect(signed.status).toBe(200);
    expect(signed.bootstrap.lockedParams).toEqual(['externalCustomerId']);
    const created = await api(signed.bootstrap.sessionToken, 'POST', '/transactions', { ...BUY, email: 'x@example.com', walletAddress: WALLET });
    expect(created.status).toBe(201);
    const row = await t.database.pool.query(`select external_customer_id from transactions where id = $1`, [created.body.transaction.id]);
    expect(row.rows[0].external_customer_id).toBe('cust-42');
  });

  it('lets only the account’s allowed origins frame the page: frame-ancestors with them and nothing else, no X-Frame-Options', async () => {
    const p = await partner(['https://shop.example.com', 'http://localhost:5173/some/path', 'not a url', 'https://evil.example.com; script-src *']);
    const page = await open(`${t.baseUrl}/widget/buy?apiKey=${p.pk}`);
    const csp = page.headers.get('content-security-policy')!;
    const frameAncestors = csp
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d.startsWith('frame-ancestors'));
    expect(frameAncestors).toEqual(["frame-ancestors 'self' https://shop.example.com http://localhost:5173"]);
    expect(frameAncestors[0]).not.toContain("'none'");
    expect(csp).not.toContain('evil');
    expect(page.headers.get('x-frame-options')).toBeNull();
    // The inline bootstrap runs under the response's nonce only.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(page.html).toContain(`<script nonce="${nonce}">window.__RAMPART_WIDGET__`);
    // The rest of the app still refuses framing.
    const other = await fetch(`${t.baseUrl}/healthz`);
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers clear pages for a live key, an unknown or missing key, a secret key and an unknown flow', async () => {
    const p = await partner(['https://shop.example.com']);
    await t.database.pool.query(`insert into api_keys (account_id, live_mode, type, display_value) values ($1, true, 'publishable', $2)`, [
      p.accountId,
      `pk_live_${'L'.repeat(24)}`,
    ]);
    const live = await open(`${t.baseUrl}/widget/buy?apiKey=pk_live_${'L'.repeat(24)}`);
    expect(live.status).toBe(403);
    expect(live.html).toContain('Live payments are not available in this deployment');
    expect(live.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://shop.example.com");
    expect(live.html).not.toContain('<script');
    expect(live.html).toContain('prefers-color-scheme: dark');

    expect((await open(`${t.baseUrl}/widget/buy?apiKey=pk_test_${'U'.repeat(24)}`)).status).toBe(401);
    expect((await open(`${t.baseUrl}/widget/buy`)).status).toBe(401);
    const secret = await open(`${t.baseUrl}/widget/buy?apiKey=${p.sk}`);
    expect(secret.status).toBe(401);
    expect(secret.html).toContain('Never put a secret key in a link');
    expect((await open(`${t.baseUrl}/widget/stake?apiKey=${p.pk}`)).status).toBe(404);
    // A rolled key stops working once deleted.
    await t.database.pool.query(`update api_keys set deleted_at = now() - interval '1 second' where display_value = $1`, [p.pk]);
    expect((await open(`${t.baseUrl}/widget/buy?apiKey=${p.pk}`)).status).toBe(401);
  });
});

describe('widget themes', () => {
  async function themed(config: ThemeConfig, isActive = true, name = 'Brand') {
    const p = await partner();
    await t.database.pool.query('insert into themes (account_id, name, is_active, config) values ($1, $2, $3, $4)', [
      p.accountId,
      name,
      isActive,
      JSON.stringify(config),
    ]);
    return p;
  }
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));

  it('hands the widget the active theme’s config and paints its splash colours before any script; no active theme is the built-in look', async () => {
    const config = { ...generateThemeConfig('#0e7490'), fontFamily: 'Inter', fontUrl: 'https://fonts.googleapis.com/css2?family=Inter' };
    config.splashScreen = { lightBackground: '#fefce8', lightLoader: '#854d0e', darkBackground: '#1c1917', darkLoader: '#fde047', loaderType: 'dots' };
    const p = await themed(config);
    await t.database.pool.query('insert into themes (account_id, name, is_active, config) values ($1, $2, false, $3)', [
      p.accountId,
      'Old',
      JSON.stringify(generateThemeConfig('#be123c')),
    ]);
    const page = await open(`${t.baseUrl}/widget/buy?apiKey=${p.pk}&theme=dark`);
    expect(page.status).toBe(200);
    expect(page.bootstrap.themeConfig).toEqual(config);
    expect(page.bootstrap.preview).toBeNull();
    const splash = /<div id="rampart-splash"[^>]*>/.exec(page.html)![0];
    expect(splash).toContain('data-loader="dots"');
    expect(splash).toContain('data-mode="dark"');
    expect(splash).toContain('--splash-light-bg:#fefce8;--splash-light-loader:#854d0e;--splash-dark-bg:#1c1917;--splash-dark-loader:#fde047');
    // The splash comes before the bootstrap's consumer: it is the first thing in <body>.
    expect(page.html.indexOf('rampart-splash')).toBeGreaterThan(page.html.indexOf('<body'));

    const plain = await open(`${t.baseUrl}/widget/buy?apiKey=${(await partner()).pk}`);
    expect(plain.bootstrap.themeConfig).toBeNull();
    expect(plain.html).toContain('data-loader="spinner"');
    expect(plain.html).not.toContain('data-mode=');
    // An inactive theme alone is not used.
    const inactive = await themed(generateThemeConfig('#15803d'), false);
    expect((await open(`${t.baseUrl}/widget/sell?apiKey=${inactive.pk}`)).bootstrap.themeConfig).toBeNull();
  });

  it('a stored config that does not validate reaches neither the bootstrap nor the splash: the built-in look', async () => {
    const config = generateThemeConfig('#7c3aed');
    const hostile = {
      ...config,
      splashScreen: {
        ...config.splashScreen,
        lightBackground: 'red;background:url(https://evil.example.com)',
        darkLoader: '"><script>alert(1)</script>',
        loaderType: 'marquee',
      },
    };
    const p = await themed(hostile as unknown as ThemeConfig);
    const page = await open(`${t.baseUrl}/widget/buy?apiKey=${p.pk}`);
    expect(page.status).toBe(200);
    expect(page.bootstrap.themeConfig).toBeNull();
    const splash = /<div id="rampart-splash"[^>]*>/.exec(page.html)![0];
    expect(splash).toContain('--splash-light-bg:#f6f7fb;--splash-light-loader:#4f46e5;');
    expect(splash).toContain('data-loader="spinner"');
    expect(page.html).not.toContain('evil.example.com');
    expect(page.html).not.toContain('alert(1)');
  });

  it('splashMarkup writes only #rrggbb colours and known loaders', () => {
    const config = generateThemeConfig('#7c3aed');
    const markup = splashMarkup(
      { ...config, splashScreen: { ...config.splashScreen, lightBackground: 'red;x:url(a)', loaderType: 'marquee' as 'bar' } },
      'light',
    );
    expect(markup).toContain('--splash-light-bg:#f6f7fb;');
    expect(markup).toContain(`--splash-light-loader:${config.splashScreen.lightLoader};`);
    expect(markup).toContain('data-loader="spinner" data-mode="light"');
    expect(markup).not.toContain('url(');
  });

  it('preview=1: the dashboard’s origin may frame the page and post drafts, and the session records no funnel step', async () => {
    const p = await themed(generateThemeConfig('#0e7490'));
    const page = await open(`${t.baseUrl}/widget/buy?apiKey=${p.pk}&preview=1`);
    expect(page.status).toBe(200);
    expect(page.bootstrap.preview).toEqual({ dashboardOrigin: 'http://localhost:3000' });
    expect(page.bootstrap.params.preview).toBe('1');
    const csp = page.headers.get('content-security-policy')!;
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'self' https://shop.example.com http://localhost:3000");
    const quote = await api(page.bootstrap.sessionToken, 'POST', '/quote', BUY);
    expect(quote.status).toBe(200);
    // A transaction is still tied to its session (so the preview can read it), but nothing counts in the funnel.
    const tx = (await api(page.bootstrap.sessionToken, 'POST', '/transactions', { ...BUY, email: 'p@example.com', walletAddress: WALLET })).body.transaction;
    await api(page.bootstrap.sessionToken, 'POST', `/transactions/${tx.id}/payment`, { ...CARD, cardNumber: '4000000000000002' });
    expect((await api(page.bootstrap.sessionToken, 'GET', `/transactions/${tx.id}`)).status).toBe(200);
    const events = await t.database.pool.query(`select event from widget_events where account_id = $1 order by id`, [p.accountId]);
    expect(events.rows.map((r) => r.event)).toEqual(['transaction_created']);

    // Without preview the same account's page is framed by its own origins only and counts as usual.
    const normal = await open(`${t.baseUrl}/widget/buy?apiKey=${p.pk}&preview=yes`);
    expect(normal.bootstrap.preview).toBeNull();
    expect(normal.bootstrap.params.preview).toBeUndefined();
    expect(directive(normal.headers.get('content-security-policy')!, 'frame-ancestors')).toBe("frame-ancestors 'self' https://shop.example.com");
    await api(normal.bootstrap.sessionToken, 'POST', '/quote', BUY);
    const counted = await t.database.pool.query(`select event from widget_events where session_id = $1 order by id`, [
      (await t.database.pool.query('select id from widget_sessions where account_id = $1 order by created_at desc limit 1', [p.accountId])).rows[0].id,
    ]);
    expect(counted.rows.map((r) => r.event)).toEqual(['opened', 'quoted']);
  });

  it('a signed preview link does not lock preview; a refused preview page may still be framed by the dashboard', async () => {
    const p = await partner();
    const signed = signWidgetUrl(`${t.baseUrl}/widget/buy?apiKey=${p.pk}&walletAddress=${WALLET}&preview=1`, p.sk).url;
    const page = await open(signed);
    expect(page.status).toBe(200);
    expect(page.bootstrap.lockedParams).toEqual(['walletAddress']);
    const refused = await open(`${t.baseUrl}/widget/buy?apiKey=${p.pk}&walletAddress=${WALLET}&preview=1`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://shop.example.com http://localhost:3000");
  });

  it('CSP: style-src and font-src allow each configured font host (and Google’s font files with its stylesheets), nothing else', async () => {
    const page = await open(`${t.baseUrl}/widget/buy?apiKey=${(await partner()).pk}`);
    const csp = page.headers.get('content-security-policy')!;
    expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com https://fonts.bunny.net https://fonts.gstatic.com");
    expect(directive(csp, 'font-src')).toBe("font-src 'self' data: https://fonts.googleapis.com https://fonts.bunny.net https://fonts.gstatic.com");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    const custom = widgetCsp([], 'n', ['fonts.example.com', 'bad host; script-src *']);
    expect(directive(custom, 'style-src')).toBe("style-src 'self' 'unsafe-inline' https://fonts.example.com");
    expect(directive(custom, 'font-src')).toBe("font-src 'self' data: https://fonts.example.com");
    expect(custom).not.toContain('script-src *');
  });
});

describe('widget API', () => {
  it('buys with 4242: quote, transaction, payment, completed by the worker with a crypto transaction id; webhooks created then updated; the funnel recorded once each', async () => {
    const s = await session('buy');
    const quote = await api(s.token, 'POST', '/quote', BUY);
    expect(quote.status).toBe(200);
    expect(quote.body.quote).toMatchObject({
      transactionType: 'buy',
      region: 'US',
      fiatCurrencyCode: 'usd',
      cryptoCurrencyCode: 'eth',
      baseCurrencyAmount: '100.00',
    });
    await api(s.token, 'POST', '/quote', BUY);
    const created = await api(s.token, 'POST', '/transactions', { ...BUY, email: 'buyer@example.com', walletAddress: WALLET });
    expect(created.status).toBe(201);
    const tx = created.body.transaction;
    expect(tx).toMatchObject({
      kind: 'buy',
      status: 'waitingPayment',
      feeAmount: quote.body.quote.feeAmount,
      extraFeeAmount: quote.body.quote.extraFeeAmount,
      networkFeeAmount: quote.body.quote.networkFeeAmount,
      quoteCurrencyAmount: quote.body.quote.quoteCurrencyAmount,
      walletAddress: WALLET,
    });
    const paid = await api(s.token, 'POST', `/transactions/${tx.id}/payment`, { ...CARD, cardNumber: '4242 4242 4242 4242' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ requiresConfirmation: false, transaction: { status: 'pending' } });
    const done = await pollStatus(s.token, tx.id, 'completed');
    expect(done.cryptoTransactionId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.explorerUrl).toContain(done.cryptoTransactionId);
    expect(await eventsOf(tx.id)).toEqual(['transaction_created:waitingPayment', 'transaction_updated:pending', 'transaction_updated:completed']);
    const row = await t.database.pool.query(
      `select t.live_mode, t.country, t.payment_method, t.usd_rate, c.email from transactions t join customers c on c.id = t.customer_id where t.id = $1`,
      [tx.id],
    );
    expect(row.rows[0]).toMatchObject({ live_mode: false, country: 'US', payment_method: 'creditCard', usd_rate: '1', email: 'buyer@example.com' });
    const funnel = await t.database.pool.query(`select event from widget_events where account_id = $1 order by id`, [s.accountId]);
    expect(funnel.rows.map((r) => r.event)).toEqual(['opened', 'quoted', 'transaction_created', 'payment_started', 'completed']);
  });

  it('declines 4000 0000 0000 0002 (failed, cardDeclined) and refuses other card numbers', async () => {
    const s = await session('buy');
    const tx = (await api(s.token, 'POST', '/transactions', { ...BUY, email: 'd@example.com', walletAddress: WALLET })).body.transaction;
    const other = await api(s.token, 'POST', `/transactions/${tx.id}/payment`, { ...CARD, cardNumber: '5555555555554444' });
    expect(other.status).toBe(400);
    expect(other.body.error.details.cardNumber).toContain('Use one of the test cards');
    const declined = await api(s.token, 'POST', `/transactions/${tx.id}/payment`, { ...CARD, cardNumber: '4000000000000002' });
    expect(declined.body.transaction).toMatchObject({ status: 'failed', failureReason: 'cardDeclined' });
    expect(declined.body.transaction.failureMessage).toContain('declined');
    expect(await eventsOf(tx.id)).toEqual(['transaction_created:waitingPayment', 'transaction_failed:failed']);
    const again = await api(s.token, 'POST', `/transactions/${tx.id}/payment`, { ...CARD, cardNumber: '4242424242424242' });
    expect(again.status).toBe(409);
  });

  it('asks 3220 for a second confirmation, then completes when approved and fails (threeDsFailed) when declined', async () => {
    const s = await session('buy');
    const tx = (await api(s.token, 'POST', '/transactions', { ...BUY, email: 'c@example.com', walletAddress: WALLET })).body.transaction;
    const paid = await api(s.token, 'POST', `/transactions/${tx.id}/payment`, { ...CARD, cardNumber: '4000 0000 0000 3220' });
    expect(paid.body).toMatchObject({ requiresConfirmation: true, transaction: { status: 'waitingAuthorization' } });
    expect((await api(s.token, 'POST', `/transactions/${tx.id}/confirm`, { approve: true })).body.transaction.status).toBe('pending');
    await pollStatus(s.token, tx.id, 'completed');

    const second = (await api(s.token, 'POST', '/transactions', { ...BUY, email: 'c@example.com', walletAddress: WALLET })).body.transaction;
    await api(s.token, 'POST', `/transactions/${second.id}/payment`, { ...CARD, cardNumber: '4000000000003220' });
    const declined = await api(s.token, 'POST', `/transactions/${second.id}/confirm`, { approve: false });
    expect(declined.body.transaction).toMatchObject({ status: 'failed', failureReason: 'threeDsFailed' });
  });

  it('sells: the simulated deposit moves it to pending with a deposit hash, then completed', async () => {
    const s = await session('sell');
    const quote = await api(s.token, 'POST', '/quote', {
      cryptoCurrencyCode: 'eth',
      fiatCurrencyCode: 'eur',
      amount: '0.1',
      paymentMethod: 'sepa',
      country: 'DE',
    });
    expect(quote.status).toBe(200);
    const tx = (
      await api(s.token, 'POST', '/transactions', {
        cryptoCurrencyCode: 'eth',
        fiatCurrencyCode: 'eur',
        amount: '0.1',
        paymentMethod: 'sepa',
        country: 'DE',
        email: 's@example.com',
      })
    ).body.transaction;
    expect(tx).toMatchObject({
      kind: 'sell',
      status: 'waitingForDeposit',
      cryptoCurrencyCode: 'eth',
      fiatCurrencyCode: 'eur',
      quoteCurrencyAmount: quote.body.quote.quoteCurrencyAmount,
    });
    expect(tx.depositWalletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await api(s.token, 'POST', `/transactions/${tx.id}/payment`, { ...CARD, cardNumber: '4242424242424242' })).status).toBe(400);
    const deposited = await api(s.token, 'POST', `/transactions/${tx.id}/deposit`);
    expect(deposited.body.transaction.status).toBe('pending');
    await pollStatus(s.token, tx.id, 'completed');
    const row = await t.database.pool.query('select deposit_hash from transactions where id = $1', [tx.id]);
    expect(row.rows[0].deposit_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await eventsOf(tx.id)).toEqual([
      'sell_transaction_created:waitingForDeposit',
      'sell_transaction_updated:pending',
      'sell_transaction_updated:completed',
    ]);
  });

  it('swaps: the deposit address is prepared by jobs, the deposit executes the swap, then it completes', async () => {
    const s = await session('swap');
    const body = {
      cryptoCurrencyCode: 'eth',
      quoteCryptoCurrencyCode: 'btc',
      fiatCurrencyCode: 'usd',
      amount: '0.5',
      paymentMethod: 'balance',
      country: 'GB',
      email: 'w@example.com',
      walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    };
    const quote = await api(s.token, 'POST', '/quote', body);
    expect(quote.status).toBe(200);
    expect(quote.body.quote).toMatchObject({ cryptoCurrencyCode: 'eth', quoteCryptoCurrencyCode: 'btc', fiatCurrencyCode: 'usd' });
    const tx = (await api(s.token, 'POST', '/transactions', body)).body.transaction;
    expect(tx).toMatchObject({ kind: 'swap', status: 'screeningWalletAddress' });
    const early = await api(s.token, 'POST', `/transactions/${tx.id}/deposit`);
    if (early.status !== 200) expect(early.status).toBe(409);
    const ready = await pollStatus(s.token, tx.id, early.status === 200 ? 'completed' : 'waitingForDeposit');
    if (early.status !== 200) {
      expect(ready.depositWalletAddress).toMatch(/^0x[0-9a-f]{40}$/);
      expect((await api(s.token, 'POST', `/transactions/${tx.id}/deposit`)).body.transaction.status).toBe('executingSwap');
      await pollStatus(s.token, tx.id, 'completed');
    }
    expect(await eventsOf(tx.id)).toEqual([
      'swap_transaction_created:screeningWalletAddress',
      'swap_deposit_wallet_created:waitingForDeposit',
      'swap_deposit_received:executingSwap',
      'swap_transaction_completed:completed',
    ]);
  });

  it('keeps sessions apart, answers JSON errors for bad input and never a 500', async () => {
    const a = await session('buy');
    const b = await session('buy');
    const tx = (await api(a.token, 'POST', '/transactions', { ...BUY, email: 'a@example.com', walletAddress: WALLET })).body.transaction;
    expect((await api(b.token, 'GET', `/transactions/${tx.id}`)).status).toBe(404);
    expect((await api(b.token, 'POST', `/transactions/${tx.id}/payment`, { ...CARD, cardNumber: '4242424242424242' })).status).toBe(404);
    expect((await api(a.token, 'GET', '/transactions/not-a-uuid')).status).toBe(404);
    expect((await api(null, 'POST', '/quote', BUY)).status).toBe(401);
    expect((await api('made-up-token', 'POST', '/quote', BUY)).body.error.type).toBe('unauthorized');
    expect((await api(a.token, 'POST', '/quote', '{not json')).status).toBe(400);
    const bad = await api(a.token, 'POST', '/quote', { ...BUY, amount: 'lots', country: 'USA' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details).sort()).toEqual(['amount', 'country']);
    expect((await api(a.token, 'POST', '/quote', { ...BUY, paymentMethod: 'sepa', cryptoCurrencyCode: 'nope' })).status).toBe(400);
    const wallet = await api(a.token, 'POST', '/transactions', { ...BUY, email: 'a@example.com', walletAddress: 'bc1-not-eth' });
    expect(wallet.body.error.details.walletAddress).toContain('not a valid');
    expect((await api(a.token, 'POST', '/quote', [1, 2])).status).toBe(400);
  });

  it('quotes amounts within their currency’s precision and size, and the partner fee within its cap', async () => {
    const s = await session('buy');
    for (const [amount, message] of [
      ['1e309', 'Write the amount in plain digits, such as 100 or 0.05: an exponent such as 1e3 is not accepted.'],
      ['100.009', 'USD amounts have at most 2 decimals.'],
      ['1000000000000000', 'The amount is too large: at most 15 digits before the decimal point.'],
    ]) {
      const refused = await api(s.token, 'POST', '/quote', { ...BUY, amount });
      expect(refused.status, amount).toBe(400);
      expect(refused.body.error.details, amount).toEqual({ amount: message });
    }
    const sell = await session('sell');
    const tooFine = await api(sell.token, 'POST', '/quote', { ...BUY, paymentMethod: 'sepa', amount: '0.1234567891' });
    expect(tooFine.body.error.details).toEqual({ amount: 'ETH amounts have at most 8 decimals.' });

    // A partner fee of a fixed 1,000 takes at most the cap (5 %) of a 1,200 USD quote.
    await s.client.ok(`mutation($a: ID!, $r: [PricingRuleInput!]!) { updatePricingRules(accountId: $a, type: partnerFee, rules: $r) { editableTypes } }`, {
      a: s.accountId,
      r: [{ region: 'Global', paymentMethod: null, transactionType: 'buy', percentage: '0', fixedValue: '1000', minValue: '0' }],
    });
    const capped = await api(s.token, 'POST', '/quote', { ...BUY, amount: '1200' });
    expect(capped.status).toBe(200);
    expect(capped.body.quote).toMatchObject({ baseCurrencyAmount: '1200.00', extraFeeAmount: '60.00' });
  });

  it('refuses a blocked country with its action', async () => {
    const s = await session('buy');
    await t.database.pool.query(
      `insert into blocked_list_entries (kind, value, action, reason) values ('country', 'KP', 'Block', 'Sanctions') on conflict do nothing`,
    );
    const blocked = await api(s.token, 'POST', '/quote', { ...BUY, country: 'KP' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toMatchObject({ type: 'country_blocked', action: 'Block' });
  });

  it('finishes a payment after a worker restart: the next step is a job in PostgreSQL', async () => {
    await worker!.stop();
    worker = null;
    const s = await session('buy');
    const tx = (await api(s.token, 'POST', '/transactions', { ...BUY, email: 'r@example.com', walletAddress: WALLET })).body.transaction;
    await api(s.token, 'POST', `/transactions/${tx.id}/payment`, { ...CARD, cardNumber: '4242424242424242' });
    const queued = await t.database.pool.query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'test_mode_step' and key = $1`, [
      `test_mode_step:${tx.id}`,
    ]);
    expect(queued.rows[0].n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await api(s.token, 'GET', `/transactions/${tx.id}`)).body.transaction.status).toBe('pending');
    await startOwnWorker();
    await pollStatus(s.token, tx.id, 'completed');
  });
});

describe('test helpers', () => {
  const CREATE = `mutation($a: ID!, $i: TestTransactionInput!) { createTestTransaction(accountId: $a, input: $i) { __typename ... on BuyTransaction { id status } ... on SellTransaction { id sellStatus: status } ... on SwapTransaction { id swapStatus: status } } }`;
  const MOVE = `mutation($id: ID!, $s: String!, $f: String) { moveTestTransaction(id: $id, status: $s, failureReason: $f) { __typename ... on BuyTransaction { id status failureReason } ... on SellTransaction { id sellStatus: status failureReason } ... on SwapTransaction { id swapStatus: status failureReason } } }`;

  it('GraphQL: creates a test transaction and walks it to a status, one webhook per step; an unreachable status is a conflict naming the next ones', async () => {
    const p = await partner();
    const created = (await p.client.ok(CREATE, { a: p.accountId, i: { kind: 'buy', cryptoCurrencyCode: 'eth' } })).createTestTransaction;
    expect(created).toMatchObject({ __typename: 'BuyTransaction', status: 'waitingPayment' });
    const moved = (await p.client.ok(MOVE, { id: created.id, s: 'completed' })).moveTestTransaction;
    expect(moved.status).toBe('completed');
    expect(await eventsOf(created.id)).toEqual(['transaction_created:waitingPayment', 'transaction_updated:pending', 'transaction_updated:completed']);
    const back = await p.client.gql(MOVE, { id: created.id, s: 'pending' });
    expect(errorCode(back)).toBe('CONFLICT');
    expect(back.errors![0]!.message).toContain('final');

    const swap = (await p.client.ok(CREATE, { a: p.accountId, i: { kind: 'swap', cryptoCurrencyCode: 'eth', quoteCryptoCurrencyCode: 'btc' } }))
      .createTestTransaction;
    const failed = (await p.client.ok(MOVE, { id: swap.id, s: 'failed', f: 'walletScreeningFailed' })).moveTestTransaction;
    expect(failed).toMatchObject({ swapStatus: 'failed', failureReason: 'walletScreeningFailed' });
    const sell = (await p.client.ok(CREATE, { a: p.accountId, i: { kind: 'sell', cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'eur' } })).createTestTransaction;
    const unknown = await p.client.gql(MOVE, { id: sell.id, s: 'executingSwap' });
    expect(errorCode(unknown)).toBe('BAD_USER_INPUT');

    await t.database.pool.query(`update transactions set live_mode = true where id = $1`, [sell.id]);
    const live = await p.client.gql(MOVE, { id: sell.id, s: 'completed' });
    expect(errorCode(live)).toBe('FORBIDDEN_ERROR');
    expect(live.errors![0]!.message).toContain('live transaction');
  });

  it('bounds amounts by their currency on REST and GraphQL: no exponent, no extra decimals, at most 15 digits; nothing is stored', async () => {
    const p = await partner();
    const rest = (body: unknown) =>
      fetch(`${t.baseUrl}/v1/test/transactions`, {
        method: 'POST',
        headers: { authorization: `Api-Key ${p.sk}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any })); // read freely, checked by expect()
    const exponent = await rest({ kind: 'buy', cryptoCurrencyCode: 'eth', amount: '1e309' });
    expect(exponent.status).toBe(400);
    expect(exponent.body.error).toMatchObject({
      type: 'invalid_request_error',
      param: 'amount',
      details: { amount: 'amount: Write the amount in plain digits, such as 100 or 0.05: an exponent such as 1e3 is not accepted.' },
    });
    const huge = await rest({ kind: 'buy', cryptoCurrencyCode: 'eth', amount: '1000000000000000' });
    expect(huge.body.error.details).toEqual({ amount: 'amount: The amount is too large: at most 15 digits before the decimal point.' });
    const cents = await rest({ kind: 'buy', cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'usd', amount: '100.001' });
    expect(cents.status).toBe(400);
    expect(cents.body.error).toMatchObject({ param: 'amount', details: { amount: 'USD amounts have at most 2 decimals.' } });
    const yen = await rest({ kind: 'buy', cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'jpy', amount: '15000.5' });
    expect(yen.body.error.details).toEqual({ amount: 'JPY amounts are whole numbers: no decimals.' });

    const graphql = await p.client.gql(CREATE, {
      a: p.accountId,
      i: { kind: 'sell', cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'eur', amount: '0.123456789' },
    });
    expect(errorCode(graphql)).toBe('BAD_USER_INPUT');
    expect(graphql.errors![0]!.extensions!.fields).toEqual({ amount: 'ETH amounts have at most 8 decimals.' });
    const stored = await t.database.pool.query(
      `select (select count(*)::int from transactions where account_id = $1) as transactions, (select count(*)::int from customers where account_id = $1) as customers`,
      [p.accountId],
    );
    expect(stored.rows[0]).toEqual({ transactions: 0, customers: 0 });
  });

  it('REST: a test secret key creates and moves; a live key is refused; other accounts’ transactions do not exist', async () => {
    const p = await partner();
    const rest = (path: string, key: string, body: unknown) =>
      fetch(`${t.baseUrl}/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Api-Key ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any })); // read freely, checked by expect()
    const created = await rest('/test/transactions', p.sk, { kind: 'sell', cryptoCurrencyCode: 'eth', amount: '0.2' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'sell', status: 'waitingForDeposit', liveMode: false, baseCurrencyAmount: '0.2' });
    const moved = await rest(`/test/transactions/${created.body.id}/status`, p.sk, { status: 'completed' });
    expect(moved.body.status).toBe('completed');
    expect(await eventsOf(created.body.id)).toEqual([
      'sell_transaction_created:waitingForDeposit',
      'sell_transaction_updated:pending',
      'sell_transaction_updated:completed',
    ]);
    const conflict = await rest(`/test/transactions/${created.body.id}/status`, p.sk, { status: 'pending' });
    expect(conflict.status).toBe(409);

    const other = await partner();
    expect((await rest(`/test/transactions/${created.body.id}/status`, other.sk, { status: 'failed' })).status).toBe(404);
    expect((await rest('/test/transactions', p.sk, { kind: 'loan' })).status).toBe(400);

    const liveSecret = `sk_live_${'Z'.repeat(32)}`;
    await t.database.pool.query(
      `insert into api_keys (account_id, live_mode, type, display_value, secret_hash) values ($1, true, 'secret', 'masked', encode(sha256($2::bytea), 'hex'))`,
      [p.accountId, liveSecret],
    );
    const live = await rest('/test/transactions', liveSecret, { kind: 'buy', cryptoCurrencyCode: 'eth' });
    expect(live).toEqual({
      status: 403,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'test_key_required',
          message: 'Test helpers need a test secret key (sk_test_…).',
          request_id: expect.stringMatching(/^req_/),
        },
      },
    });
  });
});
