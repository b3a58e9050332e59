import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STRONG_PASSWORD, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { startIsolatedTestApp } from '../../../test/isolated-database.ts';
import { startFakePipedrive } from '../../../test/fakes/fake-pipedrive.ts';
import { startWorker, type RunningWorker } from '../../jobs/worker.ts';
import { startTestApp } from '../../../test/harness.ts';

// The CRM at sign-up: onboarding (which creates the organization) queues a job that adds the organization and its owner
// to Pipedrive (API v2, against a loopback fake) and stores their ids on the user; Pipedrive down never holds up
// onboarding, and the job is retried without creating anything twice. Unconfigured, nothing is queued or sent.

const API_TOKEN = 'pipedrive-test-token';
let t: TestApp;
let plain: TestApp;
let worker: RunningWorker;
let pipedrive: Awaited<ReturnType<typeof startFakePipedrive>>;

beforeAll(async () => {
  pipedrive = await startFakePipedrive({ apiToken: API_TOKEN });
  // A database of its own, so no other file's worker takes the CRM jobs (and this worker no other file's).
  t = await startIsolatedTestApp('pipedrive', { PIPEDRIVE_API_TOKEN: API_TOKEN, PIPEDRIVE_BASE_URL: pipedrive.url });
  worker = await startWorker({ pool: t.database.pool, services: t.app.services, concurrency: 2, log: t.app.log, webhookDispatcher: false });
  // The same database without Pipedrive: a job it queued would reach the fake through the worker above.
  plain = await startTestApp({ DATABASE_URL: t.config.DATABASE_URL! });
});

afterAll(async () => {
  await worker?.stop();
  await plain?.close();
  await t?.close();
  await pipedrive?.close();
});

const ONBOARD = `mutation($input: OnboardingInfoInput!) { createOnboardingInfo(input: $input) { id organization { id name } } }`;
const ME = '{ me { id pipedriveId pipedriveAttributionId } }';

async function signUpAndOnboard(app: TestApp, legalName: string) {
  const email = uniqueEmail('crm');
  const client = app.client();
  await client.ok(
    'mutation($e: String!, $p: String!) { signup(firstName: "Tess", lastName: "Lead", jobTitle: "Operations", email: $e, password: $p) { email } }',
    {
      e: email,
      p: STRONG_PASSWORD,
    },
  );
  const code = /code is (\d{6})/.exec((await app.smtp.waitFor(email, /confirmation code/)).text)![1];
  const confirmed = await client.ok('mutation($e: String!, $c: String!) { confirmSignupEmail(email: $e, confirmationCode: $c) { csrfToken } }', {
    e: email,
    c: code,
  });
  client.csrfToken = confirmed.confirmSignupEmail.csrfToken;
  const onboarded = await client.ok(ONBOARD, {
    input: {
      accountName: 'Lead Wallet',
      legalName,
      country: 'GB',
      industry: 'Wallet',
      websiteUrls: ['https://lead.example'],
      productInterests: ['OnRamp'],
      expectedMonthlyVolume: '$100k–$1M',
      registrationNumber: '12345678',
      useCase: 'Let wallet users buy crypto.',
    },
  });
  expect(onboarded.createOnboardingInfo.organization.name).toBe(legalName);
  return { email, client, organizationId: onboarded.createOnboardingInfo.organization.id as string };
}

const crmJob = async (app: TestApp, userId: string) =>
  (
    await app.database.pool.query<{ attempts: number; max_attempts: number; last_error: string | null }>(
      'select attempts, max_attempts, last_error from graphile_worker.jobs where key = $1',
      [`crm_sign_up:${userId}`],
    )
  ).rows[0];

describe('Pipedrive at sign-up', () => {
  it('adds the organization and its owner as a person (API v2 shapes, x-api-token) and stores both ids on the user', async () => {
    const before = pipedrive.requests.length;
    const { email, client } = await signUpAndOnboard(t, 'Bright Lead Ltd');
    const me = await vi.waitFor(
      async () => {
        const { me } = await client.ok(ME);
        expect(me.pipedriveId).toMatch(/^\d+$/);
        return me as { id: string; pipedriveId: string; pipedriveAttributionId: string };
      },
      { timeout: 15_000, interval: 50 },
    );

    const sent = pipedrive.requests.slice(before);
    expect(sent.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/api/v2/organizations', { name: 'Bright Lead Ltd' }],
      ['POST', '/api/v2/persons', { name: 'Tess Lead', emails: [{ value: email, primary: true, label: 'work' }], org_id: Number(me.pipedriveAttributionId) }],
    ]);
    for (const request of sent) {
      expect(request.headers['x-api-token']).toBe(API_TOKEN);
      expect(request.headers['content-type']).toBe('application/json');
      // The token stays out of URLs (and so out of proxies' and Pipedrive's request logs).
      expect(request.query).toEqual({});
    }
    const organization = [...pipedrive.organizations.values()].find((entry) => entry.name === 'Bright Lead Ltd')!;
    expect(me.pipedriveAttributionId).toBe(String(organization.id));
    expect(pipedrive.persons.get(Number(me.pipedriveId))).toMatchObject({ name: 'Tess Lead', org_id: organization.id });
  });

  it('never holds up onboarding while Pipedrive is down, and the retry creates nothing twice', async () => {
    // The organization is created, then Pipedrive fails the person.
    pipedrive.failNext(null, { status: 503 });
    const before = pipedrive.requests.length;
    const { client } = await signUpAndOnboard(t, 'Outage Lead Ltd');
    const { me } = await client.ok(ME);
    const failed = await vi.waitFor(
      async () => {
        // attempts counts the run as it starts; last_error is written when it fails.
        const job = await crmJob(t, me.id);
        expect(job?.last_error).toBeTruthy();
        return job!;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toContain('Pipedrive refused POST /persons: Service unavailable');
    expect(failed.max_attempts).toBe(25);
    const halfway = (await client.ok(ME)).me;
    expect(halfway.pipedriveId).toBeNull();
    expect(halfway.pipedriveAttributionId).toMatch(/^\d+$/);

    // The retry is due now instead of after graphile-worker's backoff.
    await t.database.pool.query('update graphile_worker._private_jobs set run_at = now() where key = $1', [`crm_sign_up:${me.id}`]);
    const done = await vi.waitFor(
      async () => {
        const { me: now } = await client.ok(ME);
        expect(now.pipedriveId).toMatch(/^\d+$/);
        return now;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(done.pipedriveAttributionId).toBe(halfway.pipedriveAttributionId);
    expect(pipedrive.requests.slice(before).map((request) => request.path)).toEqual(['/api/v2/organizations', '/api/v2/persons', '/api/v2/persons']);
    expect([...pipedrive.organizations.values()].filter((entry) => entry.name === 'Outage Lead Ltd')).toHaveLength(1);
    expect(await crmJob(t, me.id)).toBeUndefined();
  });

  it('unconfigured: onboarding works, nothing is queued and nothing is sent', async () => {
    const before = pipedrive.requests.length;
    const { client, organizationId } = await signUpAndOnboard(plain, 'Quiet Lead Ltd');
    const { me } = await client.ok(ME);
    expect(await crmJob(plain, me.id)).toBeUndefined();
    // A job queued while Pipedrive was configured does nothing once it is not.
    await plain.app.services.accounts.addSignUpToCrm(me.id, organizationId);
    expect(me).toMatchObject({ pipedriveId: null, pipedriveAttributionId: null });
    expect(pipedrive.requests.length).toBe(before);
  });
});
