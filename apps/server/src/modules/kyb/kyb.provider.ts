import crypto from 'node:crypto';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../graphql/errors.ts';

/** Who verifies a business: Rampart's own flow (the default), or SumSub when its credentials are configured. */
export interface KybProvider {
  readonly name: 'builtin' | 'sumsub';
  /** A token for the provider's Web SDK, for the applicant `userId` (our application id). */
  sdkAccessToken(userId: string): Promise<{ token: string; userId: string }>;
}

export const builtInProvider: KybProvider = {
  name: 'builtin',
  async sdkAccessToken() {
    throw new AppError('CONFLICT', "Verification runs in Rampart's own flow; SumSub is not configured.");
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

  private async request<T>(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<T> {
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
    if (!response.ok) {
      // SumSub's own words stay in our logs; the partner gets a message they can act on.
      throw new AppError('CONFLICT', `SumSub refused the request (HTTP ${response.status}). Try again in a few minutes, or contact support if it persists.`, {
        providerStatus: response.status,
      });
    }
    return JSON.parse(text) as T;
  }

  async sdkAccessToken(userId: string) {
    const result = await this.request<{ token: string; userId: string }>('POST', '/resources/accessTokens/sdk', {
      userId,
      levelName: this.options.levelName,
      ttlInSecs: this.options.ttlInSecs ?? 600,
    });
    if (typeof result.token !== 'string' || !result.token) throw new AppError('CONFLICT', 'SumSub answered without a token. Try again in a few minutes.');
    return { token: result.token, userId: result.userId ?? userId };
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

/** What an applicantReviewed webhook decides. */
export function sumSubDecision(payload: unknown): { applicationId: string; status: 'Approved' | 'Rejected' | 'OnHold'; reason: string | null } | null {
  if (!payload || typeof payload !== 'object') return null;
  const event = payload as {
    type?: unknown;
    externalUserId?: unknown;
    reviewResult?: { reviewAnswer?: unknown; reviewRejectType?: unknown; moderationComment?: unknown; clientComment?: unknown; rejectLabels?: unknown };
  };
  if (event.type !== 'applicantReviewed' || typeof event.externalUserId !== 'string') return null;
  const result = event.reviewResult ?? {};
  if (result.reviewAnswer === 'GREEN') return { applicationId: event.externalUserId, status: 'Approved', reason: null };
  if (result.reviewAnswer !== 'RED') return null;
  const labels = Array.isArray(result.rejectLabels) ? result.rejectLabels.filter((label): label is string => typeof label === 'string') : [];
  const comment = typeof result.moderationComment === 'string' && result.moderationComment.trim() ? result.moderationComment.trim() : null;
  const reason = comment ?? (labels.length ? `SumSub: ${labels.join(', ')}` : 'SumSub did not accept the verification.');
  // RETRY means the applicant may fix and resubmit, which is our OnHold; FINAL is a rejection.
  return { applicationId: event.externalUserId, status: result.reviewRejectType === 'RETRY' ? 'OnHold' : 'Rejected', reason };
}
