import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { type ApiSession, createSignedInUser, expect, graphqlAs, storageStateFor, withDatabase } from './fixtures.ts';

// Helpers of the developer specs: a partner with its own account, a signed-in page, a webhook receiver on loopback,
// and domain events written the way the outbox writes them.

export interface Partner {
  session: ApiSession;
  accountId: string;
}

export async function createPartner(prefix: string): Promise<Partner> {
  const { session } = await createSignedInUser(prefix);
  const created = await graphqlAs<{ createOnboardingInfo: { id: string } }>(
    session,
    'mutation($input: OnboardingInfoInput!) { createOnboardingInfo(input: $input) { id } }',
    {
      input: {
        accountName: `Dev ${prefix}`,
        legalName: 'Dev Labs Ltd',
        country: 'GB',
        industry: 'Payments',
        websiteUrls: ['https://devlabs.example.com'],
        productInterests: ['OnRamp'],
        expectedMonthlyVolume: 'Under $10k',
      },
    },
  );
  expect(created.errors).toBeUndefined();
  return { session, accountId: created.data!.createOnboardingInfo.id };
}

/** A page signed in as the partner with its account selected in test mode; console problems fail the test. */
export async function openAs(browser: Browser, partner: Partner): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ storageState: storageStateFor(partner.session, { selectedAccountId: partner.accountId, testMode: 'true' }) });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
  });
  return { page, problems };
}

/** A webhook receiver on 127.0.0.1: answers 500 to sell_transaction_created, 200 with a small JSON body otherwise. */
export async function startReceiver() {
  const received: Array<{ type: string; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const type = (JSON.parse(body || '{}') as { type?: string }).type ?? 'unknown';
      received.push({ type, headers: request.headers });
      if (type === 'sell_transaction_created') {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver says no');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: type }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/rampart`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A domain event as the outbox writes it (apps/server/src/modules/webhooks/outbox.ts), queued for the worker. */
export async function emitEvent(accountId: string, type: string) {
  await withDatabase(async (client) => {
    await client.query(
      `with event as (
         insert into webhook_events (account_id, live_mode, type, data, external_customer_id)
         values ($1, false, $2, $3::jsonb, 'cust-e2e') returning id
       ), deliveries as (
         insert into webhook_deliveries (event_id, webhook_id, next_attempt_at)
         select event.id, w.id, now() from event join webhooks w on w.account_id = $1 and w.live_mode = false and w.is_enabled
           and (cardinality(w.events) = 0 or $2 = any(w.events))
         returning id
       )
       select count(*) from graphile_worker.add_jobs(coalesce(
         (select array_agg(row('deliver_webhook', json_build_object('deliveryId', d.id), null, null, 1, 'delivery:' || d.id, null, null)::graphile_worker.job_spec) from deliveries d),
         '{}'::graphile_worker.job_spec[]))`,
      [accountId, type, JSON.stringify({ id: `tx-${type}`, status: 'pending', baseCurrencyAmount: '50.00' })],
    );
  });
}
