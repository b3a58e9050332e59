import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { parseEnv } from '../../config/env.ts';
import { startFakeSumSub } from '../../../test/fakes/fake-sumsub.ts';

const APP_TOKEN = 'sbx:test-app-token';
const SECRET_KEY = 'sumsub-test-secret-key';
const WEBHOOK_SECRET = 'sumsub-webhook-secret';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A loopback HTTP server that records each request and answers with `handle`. */
interface FakeAnswer {
  status: number;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

async function fakeServer(handle: (request: Recorded) => FakeAnswer) {
  const received: Recorded[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = { method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks) };
      received.push(recorded);
      const answer = handle(recorded);
      response.writeHead(answer.status, answer.headers ?? { 'content-type': 'application/json' }).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sumsub = await startFakeSumSub({ appToken: APP_TOKEN, secretKey: SECRET_KEY });

/** An S3-compatible store, path-style (/bucket/key), that wants a SigV4 Authorization header on every request. */
const objects = new Map<string, Buffer>();
const s3 = await fakeServer((request): FakeAnswer => {
  if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=test-access-key/'))
    return { status: 403, body: '<Error><Code>AccessDenied</Code></Error>', headers: { 'content-type': 'application/xml' } };
  const key = request.url.split('?')[0]!;
  if (!key.startsWith('/kyb-documents/'))
    return { status: 404, body: '<Error><Code>NoSuchBucket</Code></Error>', headers: { 'content-type': 'application/xml' } };
  if (request.method === 'PUT') {
    objects.set(key, request.body);
    return { status: 200, body: '', headers: { etag: '"x"' } };
  }
  if (request.method === 'GET') {
    const found = objects.get(key);
    return found
      ? { status: 200, body: found, headers: { 'content-type': 'application/octet-stream' } }
      : { status: 404, body: '<Error><Code>NoSuchKey</Code></Error>', headers: { 'content-type': 'application/xml' } };
  }
  if (request.method === 'DELETE') {
    objects.delete(key);
    return { status: 204, body: '', headers: {} };
  }
  return { status: 405, body: '' };
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    SUMSUB_APP_TOKEN: APP_TOKEN,
    SUMSUB_SECRET_KEY: SECRET_KEY,
    SUMSUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SUMSUB_BASE_URL: sumsub.url,
    SUMSUB_LEVEL_NAME: 'kyb-level',
    FILE_STORAGE: 's3',
    S3_ENDPOINT: s3.url,
    S3_BUCKET: 'kyb-documents',
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
  });
});

afterAll(async () => {
  await t.close();
  await sumsub.close();
  await s3.close();
});

const TOKEN = `mutation($a: ID!) { generateSumSubSdkAccessToken(accountId: $a) { token userId baseUrl } }`;

describe('SumSub', () => {
  const COMPANY = `mutation($a: ID!, $input: KybCompanyDetailsInput!) { saveKybCompanyDetails(accountId: $a, input: $input) { id } }`;
  /** SumSub's signature of a recorded request, computed here independently of the adapter. */
  const signatureOf = (sent: { method: string; url: string; rawBody: string; headers: Record<string, unknown> }) =>
    crypto
      .createHmac('sha256', SECRET_KEY)
      .update(`${String(sent.headers['x-app-access-ts'])}${sent.method}${sent.url}${sent.rawBody}`)
      .digest('hex');

  it('creates the company applicant once with the company details, then WebSDK tokens for it, each request signed as SumSub documents', async () => {
    const partner = await accountWithMember(t, { name: 'SumSub' });
    const applicationId = (
      await partner.client.ok(COMPANY, {
        a: partner.accountId,
        input: {
          legalName: 'Acme Payments Ltd',
          registrationNumber: '12345678',
          country: 'GB',
          incorporationDate: '2019-03-01',
          registeredAddress: '1 King Street, London EC2V 8AU',
          industry: 'Wallet',
          website: 'https://acme.example',
        },
      })
    ).saveKybCompanyDetails.id;
    const before = sumsub.requests.length;

    const first = (await partner.client.ok(TOKEN, { a: partner.accountId })).generateSumSubSdkAccessToken;
    const [create, token] = sumsub.requests.slice(before);
    expect(create!.method).toBe('POST');
    expect(create!.url).toBe('/resources/applicants?levelName=kyb-level');
    expect(create!.headers['content-type']).toBe('application/json');
    expect(create!.body).toEqual({
      externalUserId: applicationId,
      type: 'company',
      fixedInfo: {
        companyInfo: {
          companyName: 'Acme Payments Ltd',
          registrationNumber: '12345678',
          country: 'GBR',
          incorporatedOn: '2019-03-01',
          legalAddress: '1 King Street, London EC2V 8AU',
          website: 'https://acme.example',
        },
      },
    });
    expect(token!.url).toBe('/resources/accessTokens/sdk');
    expect(token!.body).toEqual({ userId: applicationId, levelName: 'kyb-level', ttlInSecs: 600 });
    for (const sent of [create!, token!]) {
      expect(sent.headers['x-app-token']).toBe(APP_TOKEN);
      expect(sent.headers['x-app-access-ts']).toMatch(/^\d{10}$/);
      expect(sent.headers['x-app-access-sig']).toBe(signatureOf(sent));
      expect(sent.signed).toBe(true);
    }
    expect(first).toEqual({ token: expect.stringMatching(/^_act-sbx-/), userId: applicationId, baseUrl: sumsub.url });
    const stored = await t.database.pool.query(`select provider, sumsub_applicant_id from kyb_applications where id = $1`, [applicationId]);
    const applicant = [...sumsub.applicants.values()].find((entry) => entry.externalUserId === applicationId)!;
    expect(stored.rows[0]).toEqual({ provider: 'sumsub', sumsub_applicant_id: applicant.id });

    // The WebSDK's expiration handler asks again: a new token for the same applicant, no second applicant.
    const again = (await partner.client.ok(TOKEN, { a: partner.accountId })).generateSumSubSdkAccessToken;
    expect(again.token).not.toBe(first.token);
    expect(sumsub.requests.slice(before + 2).map((sent) => `${sent.method} ${sent.url}`)).toEqual(['POST /resources/accessTokens/sdk']);
    const screen = await partner.client.ok(`query($a: ID!) { kybApplication(accountId: $a) { provider } reviewStatus(accountId: $a) { status nextStep } }`, {
      a: partner.accountId,
    });
    expect(screen.kybApplication.provider).toBe('SumSub');
    expect(screen.reviewStatus).toEqual({
      status: 'Draft',
      nextStep: 'Carry on in SumSub’s verification form below, then send it.',
    });
  });

  it('takes the applicant SumSub already has for the application when creating answers 409', async () => {
    const partner = await accountWithMember(t, { name: 'SumSub retry' });
    const applicationId = (await partner.client.ok(`query($a: ID!) { kybApplication(accountId: $a) { id } }`, { a: partner.accountId })).kybApplication.id;
    sumsub.applicants.set('5f1e0c2d9a8b7c6d5e4f3a2b', {
      id: '5f1e0c2d9a8b7c6d5e4f3a2b',
      externalUserId: applicationId,
      levelName: 'kyb-level',
      type: 'company',
      fixedInfo: null,
    });
    const before = sumsub.requests.length;
    await partner.client.ok(`mutation($a: ID!) { initiateKyb(accountId: $a) { id } }`, { a: partner.accountId });
    const sent = sumsub.requests.slice(before);
    expect(sent.map((entry) => `${entry.method} ${entry.url}`)).toEqual([
      'POST /resources/applicants?levelName=kyb-level',
      `GET /resources/applicants/-;externalUserId=${applicationId}/one`,
    ]);
    // Only the organization's name is known: companyInfo carries just that.
    expect(sent[0]!.body).toEqual({ externalUserId: applicationId, type: 'company', fixedInfo: { companyInfo: { companyName: 'SumSub retry Ltd' } } });
    expect(sent[1]!.headers['x-app-access-sig']).toBe(signatureOf(sent[1]!));
    const stored = await t.database.pool.query(`select sumsub_applicant_id from kyb_applications where id = $1`, [applicationId]);
    expect(stored.rows[0]).toEqual({ sumsub_applicant_id: '5f1e0c2d9a8b7c6d5e4f3a2b' });
  });

  it("lets the page frame SumSub's WebSDK host only when SumSub is configured", async () => {
    expect((await fetch(`${t.baseUrl}/healthz`)).headers.get('content-security-policy')).toMatch(new RegExp(`frame-src 'self' [^;]*${sumsub.url}`));
  });

  it('says so clearly when SumSub refuses the credentials', async () => {
    const wrong = await startTestApp({
      SUMSUB_APP_TOKEN: APP_TOKEN,
      SUMSUB_SECRET_KEY: 'not-the-secret',
      SUMSUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SUMSUB_BASE_URL: sumsub.url,
    });
    try {
      const partner = await accountWithMember(wrong);
      const result = await partner.client.gql(TOKEN, { a: partner.accountId });
      expect(errorCode(result)).toBe('CONFLICT');
      expect(result.errors![0]!.message).toMatch(/SumSub refused the request \(HTTP 401\)/);
    } finally {
      await wrong.close();
    }
  });

  it("without SumSub, verification runs in Rampart's own flow", async () => {
    const plain = await startTestApp();
    try {
      const partner = await accountWithMember(plain);
      const result = await partner.client.gql(TOKEN, { a: partner.accountId });
      expect(errorCode(result)).toBe('CONFLICT');
      expect(result.errors![0]!.message).toBe("Verification runs in Rampart's own flow; SumSub is not configured.");
      expect((await fetch(`${plain.baseUrl}/webhooks/sumsub`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(
        404,
      );
      const before = sumsub.requests.length;
      const started = (await partner.client.ok(`mutation($a: ID!) { initiateKyb(accountId: $a) { provider status } }`, { a: partner.accountId })).initiateKyb;
      expect(started).toEqual({ provider: 'Rampart', status: 'NotStarted' });
      expect(sumsub.requests.length).toBe(before);
      expect((await fetch(`${plain.baseUrl}/healthz`)).headers.get('content-security-policy')).not.toContain(sumsub.url);
    } finally {
      await plain.close();
    }
  });

  it('applies applicantReviewed webhooks with a good digest and refuses bad ones with 401, changing nothing', async () => {
    const partner = await accountWithMember(t, { name: 'SumSub webhook' });
    const applicationId = (await partner.client.ok(`query($a: ID!) { kybApplication(accountId: $a) { id } }`, { a: partner.accountId })).kybApplication.id;
    const post = (body: string, digest: string, algorithm = 'HMAC_SHA256_HEX') =>
      fetch(`${t.baseUrl}/webhooks/sumsub`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-payload-digest': digest, 'x-payload-digest-alg': algorithm },
        body,
      });
    const green = JSON.stringify({
      type: 'applicantReviewed',
      applicantId: 'abc',
      externalUserId: applicationId,
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'GREEN' },
    });
    const digest = crypto.createHmac('sha256', WEBHOOK_SECRET).update(green).digest('hex');

    expect((await post(green, crypto.createHmac('sha256', 'wrong-secret').update(green).digest('hex'))).status).toBe(401);
    expect((await post(green.replace('GREEN', 'GREEN '), digest)).status).toBe(401);
    expect((await post(green, '')).status).toBe(401);
    expect((await post(green, digest, 'HMAC_MD5_HEX')).status).toBe(401);
    const untouched = await t.database.pool.query(
      `select a.status, b.is_verified from kyb_applications a join accounts b on b.organization_id = a.organization_id where a.id = $1`,
      [applicationId],
    );
    expect(untouched.rows[0]).toEqual({ status: 'NotStarted', is_verified: false });

    const accepted = await post(green, digest);
    expect(accepted.status).toBe(200);
    const after = await t.database.pool.query(
      `select a.status, b.is_verified from kyb_applications a join accounts b on b.organization_id = a.organization_id where a.id = $1`,
      [applicationId],
    );
    expect(after.rows[0]).toEqual({ status: 'Approved', is_verified: true });
    expect((await t.smtp.waitFor(partner.email, /^Business verification: approved$/)).to).toBe(partner.email.toLowerCase());

    const other = await accountWithMember(t, { name: 'SumSub red' });
    const otherId = (await other.client.ok(`query($a: ID!) { kybApplication(accountId: $a) { id } }`, { a: other.accountId })).kybApplication.id;
    const red = JSON.stringify({
      type: 'applicantReviewed',
      externalUserId: otherId,
      reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', moderationComment: 'Forged certificate.' },
    });
    expect((await post(red, crypto.createHmac('sha512', WEBHOOK_SECRET).update(red).digest('hex'), 'HMAC_SHA512_HEX')).status).toBe(200);
    const status = (await other.client.ok(`query($a: ID!) { reviewStatus(accountId: $a) { status reason } }`, { a: other.accountId })).reviewStatus;
    expect(status).toEqual({ status: 'Rejected', reason: 'Forged certificate.' });
  });
  it('maps applicantPending, applicantOnHold and applicantReviewed (RETRY, FINAL, GREEN) to the review states, for the stored applicant only', async () => {
    const partner = await accountWithMember(t, { name: 'SumSub lifecycle' });
    const { userId: applicationId } = (await partner.client.ok(TOKEN, { a: partner.accountId })).generateSumSubSdkAccessToken;
    const applicantId = [...sumsub.applicants.values()].find((entry) => entry.externalUserId === applicationId)!.id;
    const send = async (event: Record<string, unknown>, id = applicantId) => {
      const body = JSON.stringify({
        applicantId: id,
        inspectionId: 'inspection-1',
        correlationId: crypto.randomUUID(),
        externalUserId: applicationId,
        levelName: 'kyb-level',
        applicantType: 'company',
        sandboxMode: true,
        createdAtMs: '2026-11-29 08:00:00.000',
        ...event,
      });
      const response = await fetch(`${t.baseUrl}/webhooks/sumsub`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-payload-digest': crypto.createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'),
          'x-payload-digest-alg': 'HMAC_SHA256_HEX',
        },
        body,
      });
      expect(response.status).toBe(200);
    };
    const state = async () =>
      (
        await t.database.pool.query(
          `select a.status, a.reason, a.submitted_at is not null as submitted, b.is_verified from kyb_applications a join accounts b on b.organization_id = a.organization_id where a.id = $1`,
          [applicationId],
        )
      ).rows[0];

    await send({ type: 'applicantPending', reviewStatus: 'pending' });
    expect(await state()).toEqual({ status: 'Pending', reason: null, submitted: true, is_verified: false });
    expect((await t.smtp.waitFor(partner.email, /^Business verification: received$/)).to).toBe(partner.email.toLowerCase());
    await send({ type: 'applicantOnHold', reviewStatus: 'onHold' });
    expect(await state()).toMatchObject({ status: 'InProgress', reason: null });
    const retry = 'The proof of address is older than three months.';
    await send({
      type: 'applicantReviewed',
      reviewStatus: 'completed',
      reviewResult: {
        reviewAnswer: 'RED',
        reviewRejectType: 'RETRY',
        moderationComment: retry,
        clientComment: 'Internal note',
        rejectLabels: ['PROOF_OF_ADDRESS'],
      },
    });
    expect(await state()).toMatchObject({ status: 'OnHold', reason: retry });
    // Another applicant with our id (one deleted at SumSub) decides nothing.
    await send({ type: 'applicantReviewed', reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } }, 'ffffffffffffffffffffffff');
    expect(await state()).toMatchObject({ status: 'OnHold' });
    await send({ type: 'applicantPending', reviewStatus: 'pending' });
    expect(await state()).toMatchObject({ status: 'Pending', reason: null });
    await send({ type: 'applicantReviewed', reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
    expect(await state()).toEqual({ status: 'Approved', reason: null, submitted: true, is_verified: true });
    // A late or repeated delivery changes nothing once decided.
    await send({ type: 'applicantPending', reviewStatus: 'pending' });
    await send({ type: 'applicantReviewed', reviewStatus: 'completed', reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL' } });
    expect(await state()).toMatchObject({ status: 'Approved' });
    const history = await t.database.pool.query(`select status, actor from kyb_decisions where application_id = $1 order by created_at`, [applicationId]);
    expect(history.rows.map((row: { status: string }) => row.status)).toEqual(['Pending', 'InProgress', 'OnHold', 'Pending', 'Approved']);
  });
});

describe('S3-compatible file storage', () => {
  it('is chosen by FILE_STORAGE=s3, which needs its companion variables', () => {
    expect(() => parseEnv({ FILE_STORAGE: 's3' })).toThrow(
      /S3_ENDPOINT: required when FILE_STORAGE=s3[\s\S]*S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseEnv({ SUMSUB_APP_TOKEN: 'x' })).toThrow(/SUMSUB_SECRET_KEY: SumSub needs both/);
    expect(parseEnv({}).FILE_STORAGE).toBe('local');
  });

  async function uploadPdf(client: ApiClient, accountId: string) {
    const form = new FormData();
    const query = `mutation($a: ID!, $file: Upload!) { uploadKybDocument(accountId: $a, type: proofOfAddress, file: $file) { id contentType } }`;
    form.append('operations', JSON.stringify({ query, variables: { a: accountId, file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([PDF]), 'bill.pdf');
    const response = await fetch(`${t.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'apollo-require-preflight': 'true', 'x-csrf-token': client.csrfToken, cookie: client.cookie! },
      body: form,
    });
    return (await response.json()) as { data: { uploadKybDocument: { id: string } } };
  }

  it('puts, serves and deletes documents in the bucket with signed requests, under opaque keys', async () => {
    const partner = await accountWithMember(t, { name: 'S3' });
    const before = objects.size;
    const uploaded = await uploadPdf(partner.client, partner.accountId);
    const documentId = uploaded.data.uploadKybDocument.id;
    expect(objects.size).toBe(before + 1);
    const key = [...objects.keys()].at(-1)!;
    expect(key).toMatch(/^\/kyb-documents\/[A-Za-z0-9_-]{32}$/);
    expect(objects.get(key)).toEqual(PDF);
    const put = s3.received.find((request) => request.method === 'PUT' && request.url.startsWith(key))!;
    expect(put.headers['content-type']).toBe('application/pdf');

    const link = (await partner.client.ok(`query($id: ID!) { kybDocumentLink(id: $id) { url } }`, { id: documentId })).kybDocumentLink.url;
    const served = await fetch(`${t.baseUrl}${link}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);

    await partner.client.ok(`mutation($id: ID!) { deleteKybDocument(id: $id) }`, { id: documentId });
    expect(objects.has(key)).toBe(false);
    expect((await fetch(`${t.baseUrl}${link}`)).status).toBe(404);
  });
});
