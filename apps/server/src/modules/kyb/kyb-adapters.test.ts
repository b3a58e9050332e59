import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { parseEnv } from '../../config/env.ts';

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

/** SumSub's API as documented: every request signed with HMAC-SHA256(secret, ts + METHOD + path + body), recomputed here independently. */
const sumsub = await fakeServer((request) => {
  const ts = String(request.headers['x-app-access-ts']);
  const expected = crypto
    .createHmac('sha256', SECRET_KEY)
    .update(`${ts}${request.method}${request.url}${request.body.toString('utf8')}`)
    .digest('hex');
  if (request.headers['x-app-token'] !== APP_TOKEN || request.headers['x-app-access-sig'] !== expected || Math.abs(Date.now() / 1000 - Number(ts)) > 60) {
    return { status: 401, body: JSON.stringify({ description: 'Request signature mismatch', code: 401 }) };
  }
  if (request.method === 'POST' && request.url === '/resources/accessTokens/sdk') {
    const body = JSON.parse(request.body.toString('utf8')) as { userId: string; levelName: string; ttlInSecs: number };
    return { status: 200, body: JSON.stringify({ token: `_act-sbx-${body.userId}`, userId: body.userId }) };
  }
  return { status: 404, body: '{}' };
});

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

const TOKEN = `mutation($a: ID!) { generateSumSubSdkAccessToken(accountId: $a) { token userId } }`;

describe('SumSub', () => {
  it('asks for a Web SDK token with a request signed exactly as SumSub documents', async () => {
    const partner = await accountWithMember(t, { name: 'SumSub' });
    const result = (await partner.client.ok(TOKEN, { a: partner.accountId })).generateSumSubSdkAccessToken;
    const application = (await partner.client.ok(`query($a: ID!) { kybApplication(accountId: $a) { id provider } }`, { a: partner.accountId })).kybApplication;
    expect(result).toEqual({ token: `_act-sbx-${application.id}`, userId: application.id });
    expect(application.provider).toBe('SumSub');
    const sent = sumsub.received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/resources/accessTokens/sdk');
    expect(JSON.parse(sent.body.toString('utf8'))).toEqual({ userId: application.id, levelName: 'kyb-level', ttlInSecs: 600 });
    expect(sent.headers['x-app-access-ts']).toMatch(/^\d{10}$/);
    const independent = crypto
      .createHmac('sha256', SECRET_KEY)
      .update(`${String(sent.headers['x-app-access-ts'])}POST/resources/accessTokens/sdk${sent.body.toString('utf8')}`)
      .digest('hex');
    expect(sent.headers['x-app-access-sig']).toBe(independent);
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
