import crypto from 'node:crypto';
import { startJsonApiFake, type RecordedRequest } from './json-api-fake.ts';

/**
 * A local stand-in for Helio's documented platform endpoints (docs.hel.io/reference/auth/sign-up and sign-in), on
 * 127.0.0.1: it checks `?apiKey=` and `Authorization: Bearer`, answers in Helio's documented shape and records every
 * request so tests can compare them with the documentation.
 */
export type FakeHelioRequest = RecordedRequest;

interface Company {
  externalId: string;
  id: string;
  userId: string;
  name: string;
  email: string;
  kycVerified: boolean;
  wallets: Array<{ id: string; publicKey: string; name: string }>;
}

const hexId = () => crypto.randomBytes(12).toString('hex');

export async function startFakeHelio(options: { apiKey: string; apiSecret: string; tokenTtlSeconds?: number }) {
  const companies = new Map<string, Company>();
  let publicUrl = '';

  const token = (userId: string) => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const iat = Math.floor(Date.now() / 1000);
    const payload = Buffer.from(JSON.stringify({ id: userId, iat, exp: iat + (options.tokenTtlSeconds ?? 120) })).toString('base64url');
    return `${header}.${payload}.${crypto.randomBytes(16).toString('base64url')}`;
  };
  const answer = (company: Company) => ({
    user: { id: company.userId, email: company.email, userType: null, name: company.name, payoutWallets: company.wallets },
    company: { id: company.id, name: company.name, email: company.email, kycVerified: company.kycVerified },
    redirectUrl: `${publicUrl}/auth/external-login?token=${token(company.userId)}`,
  });

  const fake = await startJsonApiFake((request, send) => {
    if (request.query['apiKey'] !== options.apiKey || request.headers.authorization !== `Bearer ${options.apiSecret}`) {
      return send(401, { message: 'Unauthorized', statusCode: 401 });
    }
    const { body } = request;
    const input = (body ?? {}) as {
      id?: string;
      company?: { name?: string; email?: string };
      user?: { name?: string; email?: string };
      wallets?: Array<{ name?: string; address?: string }>;
    };
    if (request.method === 'POST' && request.path === '/v1/auth/external/sign-up') {
      if (typeof input.id !== 'string' || !input.company?.name || !input.company.email)
        return send(400, { message: ['id, company.name and company.email are required'], statusCode: 400 });
      if (companies.has(input.id)) return send(409, { message: 'Account already exists', statusCode: 409 });
      const company: Company = {
        externalId: input.id,
        id: hexId(),
        userId: hexId(),
        name: input.company.name,
        email: input.company.email,
        kycVerified: false,
        wallets: (input.wallets ?? []).map((wallet) => ({ id: hexId(), publicKey: wallet.address ?? '', name: wallet.name ?? '' })),
      };
      companies.set(input.id, company);
      return send(201, answer(company));
    }
    if (request.method === 'POST' && request.path === '/v1/auth/external/sign-in') {
      const company = typeof input.id === 'string' ? companies.get(input.id) : undefined;
      if (!company) return send(404, { message: 'Account not found', statusCode: 404 });
      return send(201, answer(company));
    }
    return send(404, { message: `Cannot ${request.method} ${request.path}`, statusCode: 404 });
  });
  publicUrl = fake.url;
  return {
    url: publicUrl,
    requests: fake.requests,
    companies,
    /** The next requests answer with these statuses (and bodies), in order. */
    failNext(...answers: Array<{ status: number; body?: string }>) {
      fake.failNext(
        answers.map((entry) => ({
          status: entry.status,
          body: entry.body ?? JSON.stringify({ message: 'Internal server error', statusCode: entry.status }),
        })),
      );
    },
    verify(externalId: string) {
      companies.get(externalId)!.kycVerified = true;
    },
    close: fake.close,
  };
}
