import type { HelioMerchantStatus } from '@rampart/shared/commerce';
import { AppError } from '../../graphql/errors.ts';
import type { CommerceProvider, OnboardingLink, ProviderMerchant, ProviderWallet } from './commerce-provider.ts';

/**
 * Helio over its documented HTTP API (https://docs.hel.io/developers/api/create-a-merchant-account-via-api,
 * https://docs.hel.io/reference/auth/sign-up, .../auth/sign-in). Every call carries the platform key pair as Helio
 * documents: `?apiKey={public key}` and `Authorization: Bearer {secret key}`.
 *
 * Mapping onto our interface (decision 0014):
 * - createMerchant → POST /v1/auth/external/sign-up with our account id as Helio's external `id`, the company and user
 *   (name, e-mail) and the wallets already added; Helio answers with company.id (our providerMerchantId),
 *   user.payoutWallets[] (their ids) and redirectUrl, a short-lived login link into Helio's hosted dashboard.
 * - refreshOnboardingUrl → POST /v1/auth/external/sign-in with the same `id`: a fresh redirectUrl.
 * - merchantStatus → Helio documents no status endpoint; the sign-in answer's company.kycVerified is the closest
 *   signal (true → active, else still created).
 * - addWallet/updateWallet/deleteWallet → Helio documents no wallet endpoint for platforms: the wallets sent at sign-up
 *   get Helio ids, later ones live in Rampart only (providerWalletId null).
 */
export interface HelioOptions {
  apiKey: string;
  apiSecret: string;
  baseUrl: string;
  /** How long a redirectUrl is taken to work when its token carries no expiry. */
  linkTtlMinutes: number;
}

interface HelioAccountAnswer {
  user?: { id?: unknown; payoutWallets?: Array<{ id?: unknown; publicKey?: unknown }> };
  company?: { id?: unknown; kycVerified?: unknown };
  redirectUrl?: unknown;
}

const TRY_AGAIN = 'Try again in a few minutes, or contact support if it persists.';

export class HelioProvider implements CommerceProvider {
  readonly name = 'helio' as const;
  constructor(
    private readonly options: HelioOptions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async request<T>(method: 'POST' | 'GET', path: string, payload?: unknown): Promise<T> {
    const url = new URL(path, this.options.baseUrl);
    url.searchParams.set('apiKey', this.options.apiKey);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${this.options.apiSecret}` },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new AppError('CONFLICT', `Helio could not be reached. ${TRY_AGAIN}`);
    }
    const text = await response.text();
    if (!response.ok) {
      // Helio's own words stay out of the answer; the status helps support.
      throw new AppError('CONFLICT', `Helio refused the request (HTTP ${response.status}). ${TRY_AGAIN}`, { providerStatus: response.status });
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new AppError('CONFLICT', `Helio answered with something other than JSON. ${TRY_AGAIN}`);
    }
  }

  /** The login link's expiry: its JWT's `exp` when there is one, else our TTL. */
  private linkOf(answer: HelioAccountAnswer): OnboardingLink {
    if (typeof answer.redirectUrl !== 'string' || !/^https?:\/\//.test(answer.redirectUrl)) {
      throw new AppError('CONFLICT', `Helio answered without an onboarding link. ${TRY_AGAIN}`);
    }
    let expiresAt = new Date(this.now().getTime() + this.options.linkTtlMinutes * 60_000);
    const token = new URL(answer.redirectUrl).searchParams.get('token');
    const payload = token?.split('.')[1];
    if (payload) {
      try {
        const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
        if (typeof exp === 'number' && Number.isFinite(exp)) expiresAt = new Date(exp * 1000);
      } catch {
        // Not a JWT: keep our TTL.
      }
    }
    return { onboardingUrl: answer.redirectUrl, expiresAt };
  }

  async createMerchant(account: { id: string; name: string }, businessName: string, contactEmail: string, wallets: ProviderWallet[]) {
    const answer = await this.request<HelioAccountAnswer>('POST', '/v1/auth/external/sign-up', {
      id: account.id,
      company: { name: businessName, email: contactEmail },
      user: { name: businessName, email: contactEmail },
      wallets: wallets.map((wallet) => ({ name: `${account.name} ${wallet.currencyCode}`.slice(0, 100), address: wallet.walletAddress })),
    });
    const companyId = answer.company?.id;
    if (typeof companyId !== 'string' || !companyId) throw new AppError('CONFLICT', `Helio answered without a merchant id. ${TRY_AGAIN}`);
    const helioWallets = Array.isArray(answer.user?.payoutWallets) ? answer.user.payoutWallets : [];
    const walletIds = wallets.map((wallet) => {
      const match = helioWallets.find((candidate) => candidate.publicKey === wallet.walletAddress);
      return typeof match?.id === 'string' ? match.id : null;
    });
    return { ...this.linkOf(answer), providerMerchantId: companyId, walletIds };
  }

  private signIn(merchant: ProviderMerchant) {
    return this.request<HelioAccountAnswer>('POST', '/v1/auth/external/sign-in', { id: merchant.accountId });
  }

  async refreshOnboardingUrl(merchant: ProviderMerchant) {
    return this.linkOf(await this.signIn(merchant));
  }

  async merchantStatus(merchant: ProviderMerchant): Promise<HelioMerchantStatus | null> {
    const answer = await this.signIn(merchant);
    return answer.company?.kycVerified === true ? 'active' : null;
  }

  async addWallet() {
    return null;
  }
  async updateWallet() {}
  async deleteWallet() {}
}
