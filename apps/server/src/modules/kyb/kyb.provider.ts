import crypto from 'node:crypto';
import countries from 'i18n-iso-countries';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../graphql/errors.ts';

/** Who verifies a business: Rampart's own flow (the default), or SumSub when its credentials are configured. */
export interface KybProvider {
  readonly name: 'builtin' | 'sumsub';
  /** Where the provider's Web SDK loads its frame from (an origin), or null for the built-in flow. */
  readonly webSdkBaseUrl: string | null;
  /** Creates the company applicant for our application id (SumSub's externalUserId); its id at the provider. */
  createCompanyApplicant(externalUserId: string, company: SumSubCompany): Promise<string>;
  /** A token for the provider's Web SDK, for the applicant `userId` (our application id). */
  sdkAccessToken(userId: string): Promise<{ token: string; userId: string; baseUrl: string }>;
}

/** What Rampart knows of the company when the applicant is created; SumSub's companyInfo (alpha-3 country). */
export interface SumSubCompany {
  companyName: string;
  registrationNumber?: string | null;
  /** ISO 3166-1 alpha-2, as Rampart stores it. */
  country?: string | null;
  incorporatedOn?: string | null;
  legalAddress?: string | null;
  website?: string | null;
}

const NOT_CONFIGURED = "Verification runs in Rampart's own flow; SumSub is not configured.";

export const builtInProvider: KybProvider = {
  name: 'builtin',
  webSdkBaseUrl: null,
  async createCompanyApplicant() {
    throw new AppError('CONFLICT', NOT_CONFIGURED);
  },
  async sdkAccessToken() {
    throw new AppError('CONFLICT', NOT_CONFIGURED);
  },
};

/**
 * SumSub's request signature (https://docs.sumsub.com/reference/authentication): hex HMAC-SHA256 with the secret key of
 * the timestamp in seconds, the upper-case method, the path with its query, and the body.
 */
export function sumSubSignature(secretKey: string, ts: string, method: string, pathWithQuery: string, body: string): string {
  return crypto
    .createHmac('sha256', secretKey)
    .update(ts + method.toUpperCase() + pathWithQuery + body)
    .digest('hex');
}

export class SumSubProvider implements KybProvider {
  readonly name = 'sumsub' as const;
  constructor(
    private readonly options: { appToken: string; secretKey: string; baseUrl: string; levelName: string; ttlInSecs?: number },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The WebSDK's frame is served by SumSub's API host (api.sumsub.com/websdk/websdk.html); a fake serves it in tests. */
  get webSdkBaseUrl(): string {
    return new URL(this.options.baseUrl).origin;
  }

  private async request<T>(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown, accept: number[] = []): Promise<{ status: number; body: T }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const ts = String(Math.floor(this.now().getTime() / 1000));
    const response = await fetch(new URL(pathWithQuery, this.options.baseUrl), {
      method,
      headers: {
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        'X-App-Token': this.options.appToken,
        'X-App-Access-Ts': ts,
        'X-App-Access-Sig': sumSubSignature(this.options.secretKey, ts, method, pathWithQuery, body),
      },
      body: body || undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok && !accept.includes(response.status)) {
      // SumSub's own words stay in our logs; the partner gets a message they can act on.
      throw new AppError('CONFLICT', `SumSub refused the request (HTTP ${response.status}). Try again in a few minutes, or contact support if it persists.`, {
        providerStatus: response.status,
      });
    }
    let parsed: T;
    try {
      parsed = JSON.parse(text) as T;
    } catch {
      throw new AppError('CONFLICT', 'SumSub answered with something other than JSON. Try again in a few minutes.');
    }
    return { status: response.status, body: parsed };
  }

  /**
   * POST /resources/applicants?levelName=… with type company and fixedInfo.companyInfo (docs.sumsub.com/reference/create-applicant).
   * SumSub answers 409 when the externalUserId already has an applicant (a retry after a lost answer): that one is fetched.
   */
  async createCompanyApplicant(externalUserId: string, company: SumSubCompany): Promise<string> {
    const country = company.country ? countries.alpha2ToAlpha3(company.country.toUpperCase()) : undefined;
    const companyInfo = {
      companyName: company.companyName,
      ...(company.registrationNumber ? { registrationNumber: company.registrationNumber } : {}),
      ...(country ? { country } : {}),
      ...(company.incorporatedOn ? { incorporatedOn: company.incorporatedOn } : {}),
      ...(company.legalAddress ? { legalAddress: company.legalAddress } : {}),
      ...(company.website ? { website: company.website } : {}),
    };
    const created = await this.request<{ id?: unknown }>(
      'POST',
      `/resources/applicants?levelName=${encodeURIComponent(this.options.levelName)}`,
      { externalUserId, type: 'company', fixedInfo: { companyInfo } },
      [409],
    );
    const applicant =
      created.status === 409
        ? (await this.request<{ id?: unknown }>('GET', `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`)).body
        : created.body;
    if (typeof applicant.id !== 'string' || !applicant.id)
      throw new AppError('CONFLICT', 'SumSub answered without an applicant id. Try again in a few minutes.');
    return applicant.id;
  }

  async sdkAccessToken(userId: string) {
    const { body: result } = await this.request<{ token: string; userId: string }>('POST', '/resources/accessTokens/sdk', {
      userId,
      levelName: this.options.levelName,
      ttlInSecs: this.options.ttlInSecs ?? 600,
    });
    if (typeof result.token !== 'string' || !result.token) throw new AppError('CONFLICT', 'SumSub answered without a token. Try again in a few minutes.');
    return { token: result.token, userId: result.userId ?? userId, baseUrl: this.webSdkBaseUrl };
  }
}

export function createKybProvider(config: Env): KybProvider {
  if (config.SUMSUB_APP_TOKEN && config.SUMSUB_SECRET_KEY) {
    return new SumSubProvider({
      appToken: config.SUMSUB_APP_TOKEN,
      secretKey: config.SUMSUB_SECRET_KEY,
      baseUrl: config.SUMSUB_BASE_URL,
      levelName: config.SUMSUB_LEVEL_NAME,
    });
  }
  return builtInProvider;
}

const DIGEST_ALGORITHMS = { HMAC_SHA1_HEX: 'sha1', HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;

/** Checks X-Payload-Digest of a SumSub webhook: a hex HMAC of the raw body with the webhook secret. */
export function verifySumSubDigest(secret: string, rawBody: Buffer, digest: string | undefined, algorithm: string | undefined): boolean {
  const hash = DIGEST_ALGORITHMS[(algorithm ?? 'HMAC_SHA256_HEX') as keyof typeof DIGEST_ALGORITHMS];
  if (!hash || !digest || !/^[0-9a-f]+$/i.test(digest)) return false;
  const expected = crypto.createHmac(hash, secret).update(rawBody).digest();
  const given = Buffer.from(digest, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** What a SumSub applicant webhook means for the application (docs.sumsub.com/docs/user-verification-webhooks). */
export interface SumSubEvent {
  /** Our application id (the applicant's externalUserId). */
  applicationId: string;
  /** SumSub's applicant id, checked against the one stored when there is one. */
  applicantId: string | null;
  /**
   * applicantPending: the partner submitted in the WebSDK (Pending); applicantOnHold: SumSub's compliance team holds
   * it for a closer look (InProgress: nothing for the partner to do); applicantReviewed: GREEN is Approved, RED with
   * RETRY is OnHold (the partner fixes and resubmits in the WebSDK), RED with FINAL is Rejected.
   */
  status: 'Pending' | 'InProgress' | 'Approved' | 'Rejected' | 'OnHold';
  reason: string | null;
}

export function sumSubEvent(payload: unknown): SumSubEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const event = payload as {
    type?: unknown;
    applicantId?: unknown;
    externalUserId?: unknown;
    reviewResult?: { reviewAnswer?: unknown; reviewRejectType?: unknown; moderationComment?: unknown; rejectLabels?: unknown };
  };
  if (typeof event.externalUserId !== 'string') return null;
  const ids = { applicationId: event.externalUserId, applicantId: typeof event.applicantId === 'string' ? event.applicantId : null };
  if (event.type === 'applicantPending') return { ...ids, status: 'Pending', reason: null };
  if (event.type === 'applicantOnHold') return { ...ids, status: 'InProgress', reason: null };
  if (event.type !== 'applicantReviewed') return null;
  const result = event.reviewResult ?? {};
  if (result.reviewAnswer === 'GREEN') return { ...ids, status: 'Approved', reason: null };
  if (result.reviewAnswer !== 'RED') return null;
  const labels = Array.isArray(result.rejectLabels) ? result.rejectLabels.filter((label): label is string => typeof label === 'string') : [];
  // moderationComment is meant for the applicant; clientComment is not, and is never shown.
  const comment = typeof result.moderationComment === 'string' && result.moderationComment.trim() ? result.moderationComment.trim() : null;
  const reason = comment ?? (labels.length ? `SumSub: ${labels.join(', ')}` : 'SumSub did not accept the verification.');
  return { ...ids, status: result.reviewRejectType === 'RETRY' ? 'OnHold' : 'Rejected', reason };
}
