import crypto from 'node:crypto';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import { AppError, badInput, forbidden } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { sha256 } from '../identity/identity.repository.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { DevelopersRepository, ApiKeyRow } from './developers.repository.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

export const ROLL_GRACE_HOURS = 12;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomBase62(length: number): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (byte) => BASE62[byte % 62]).join('');
}

export function newKeyValue(type: 'publishable' | 'secret' | 'restricted' | 'webhook', liveMode: boolean): string {
  const mode = liveMode ? 'live' : 'test';
  const prefix = { publishable: 'pk', secret: 'sk', restricted: 'rk', webhook: 'wk' }[type];
  return `${prefix}_${mode}_${randomBase62(type === 'publishable' ? 24 : 32)}`;
}

export function maskSecret(value: string): string {
  return `${value.slice(0, 8)}${'•'.repeat(12)}${value.slice(-4)}`;
}

/** Validates a partner's PEM public key: RSA of at least 2048 bits, or Ed25519. */
export function checkPublicKey(pem: string): string {
  const trimmed = pem.trim();
  if (trimmed.length > 10_000 || !/^-----BEGIN (RSA )?PUBLIC KEY-----[\s\S]+-----END (RSA )?PUBLIC KEY-----$/.test(trimmed)) {
    throw badInput({ publicKey: 'Paste a PEM public key, from -----BEGIN PUBLIC KEY----- to -----END PUBLIC KEY-----.' });
  }
  let key: crypto.KeyObject;
  try {
    key = crypto.createPublicKey(trimmed);
  } catch {
    throw badInput({ publicKey: 'This PEM block is not a readable public key.' });
  }
  if (key.asymmetricKeyType === 'rsa') {
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 2048) throw badInput({ publicKey: `This RSA key has ${bits} bits; use at least 2048.` });
  } else if (key.asymmetricKeyType !== 'ed25519') {
    throw badInput({ publicKey: `Keys of type ${key.asymmetricKeyType ?? 'unknown'} are not accepted: use RSA (2048 bits or more) or Ed25519.` });
  }
  return key.export({ type: 'spki', format: 'pem' }).toString().trim();
}

/** The signature of a query string (with its "?"): HMAC-SHA256 under the secret key, base64. */
export function widgetSignature(search: string, secretKey: string): string {
  return crypto.createHmac('sha256', secretKey).update(search).digest('base64');
}

/** The provider's documented URL signature: HMAC-SHA256 of the query string (with its "?") under the secret key, base64. */
export function signWidgetUrl(url: string, secretKey: string): { url: string; signature: string } {
  const parsed = new URL(url);
  const signature = widgetSignature(parsed.search, secretKey);
  return { url: `${url}${parsed.search ? '&' : '?'}signature=${encodeURIComponent(signature)}`, signature };
}

export const PLAIN_SECRET_KEY_MESSAGE =
  'This secret key was created before secret keys were kept encrypted, so the server cannot sign with it: paste the secret key, or roll it once (the new key is kept encrypted).';

export function createDevelopersService(deps: {
  repository: DevelopersRepository;
  accounts: AccountsRepository;
  config: Env;
  jobs: JobQueue;
  secretBox: SecretBox;
  setOnboardingFlag: (accountId: string, flag: 'isWidgetUrlBuilt', value: boolean) => Promise<void>;
}) {
  const { repository, accounts, config, jobs, secretBox } = deps;

  async function assertModeAllowed(accountId: string, liveMode: boolean) {
    if (!liveMode) return;
    const account = await accounts.findAccount(accountId);
    if (!account?.isVerified) throw forbidden('Live keys exist only for a verified business. Complete business verification (KYB) at /dashboard/on-ramp/kyb first.');
  }

  async function createKey(accountId: string, liveMode: boolean, type: 'publishable' | 'secret' | 'restricted' | 'webhook'): Promise<ApiKeyRow> {
    const value = newKeyValue(type, liveMode);
    const secretLike = type === 'secret' || type === 'restricted';
    const row = await repository.insertKey({
      accountId,
      liveMode,
      type,
      displayValue: secretLike ? maskSecret(value) : value,
      secretHash: secretLike ? sha256(value) : null,
      // Kept encrypted so the server can sign widget URLs with it; the hash stays for lookup by value.
      secretCiphertext: secretLike ? secretBox.encrypt(value) : null,
    });
    return { ...row, plainSecret: value };
  }

  /** The plain secret key of a mode, decrypted; null when none, or `'unencrypted'` when it predates encryption at rest. */
  async function secretKeyOf(accountId: string, liveMode: boolean): Promise<string | null | 'unencrypted'> {
    const key = (await repository.liveKeys(accountId, liveMode)).filter((row) => row.type === 'secret' && !row.deletedAt).at(-1);
    if (!key) return null;
    return key.secretCiphertext ? secretBox.decrypt(key.secretCiphertext) : 'unencrypted';
  }

  return {
    accountOfKey: (id: string) => repository.accountOfKey(id),
    webhookKey: (accountId: string, liveMode: boolean) => repository.webhookKey(accountId, liveMode),
    findBySecret: (secret: string) => repository.findBySecretHash(sha256(secret)),

    /** The keys of a mode; missing ones are created, and a new secret key is returned in full this once. */
    async apiKeys(accountId: string, liveMode: boolean): Promise<ApiKeyRow[]> {
      await assertModeAllowed(accountId, liveMode);
      const keys: ApiKeyRow[] = await repository.liveKeys(accountId, liveMode);
      for (const type of ['publishable', 'secret', 'webhook'] as const) {
        if (!keys.some((key) => key.type === type && key.deletedAt === null)) keys.push(await createKey(accountId, liveMode, type));
      }
      return keys;
    },

    async rollApiKey(input: { id: string; deleteOldKeyNow: boolean }) {
      const key = await repository.findKey(input.id);
      if (!key || (key.deletedAt && key.deletedAt <= new Date())) throw badInput({ id: 'This key no longer exists.' });
      if (key.type === 'public') throw badInput({ id: 'A public key is uploaded, not rolled: upload a new one instead.' });
      if (key.deletedAt) throw new AppError('CONFLICT', 'This key was already rolled and is waiting for deletion.');
      const replacement = await createKey(key.accountId, key.liveMode, key.type);
      const deletedAt = input.deleteOldKeyNow ? new Date() : new Date(Date.now() + ROLL_GRACE_HOURS * 3_600_000);
      await repository.setDeletedAt(key.id, deletedAt);
      await jobs.add('purge_api_key', { apiKeyId: key.id }, { runAt: deletedAt, jobKey: `purge_api_key:${key.id}` });
      return replacement;
    },

    async uploadPublicApiKey(accountId: string, input: { liveMode: boolean; publicKey: string }) {
      const pem = checkPublicKey(input.publicKey);
      await assertModeAllowed(accountId, input.liveMode);
      for (const existing of (await repository.liveKeys(accountId, input.liveMode)).filter((key) => key.type === 'public')) {
        await repository.setDeletedAt(existing.id, new Date());
      }
      return repository.insertKey({ accountId, liveMode: input.liveMode, type: 'public', displayValue: pem });
    },

    async deletePublicApiKey(id: string) {
      const key = await repository.findKey(id);
      if (!key || key.type !== 'public') throw badInput({ id: 'Only an uploaded public key can be deleted; roll the other keys.' });
      await repository.setDeletedAt(id, new Date());
      return true;
    },

    async purgeExpiredKey(id: string) {
      await repository.hardDeleteExpired(id);
    },

    secretKeyOf,

    /** Every working secret key of a mode, decrypted (a rolled one keeps working through its grace period). */
    async secretKeysOf(accountId: string, liveMode: boolean): Promise<string[]> {
      const keys = (await repository.liveKeys(accountId, liveMode)).filter((row) => row.type === 'secret' && row.secretCiphertext);
      return keys.map((row) => secretBox.decrypt(row.secretCiphertext!));
    },

    async generateSignedUrl(accountId: string, input: { liveMode: boolean; url: string; secretKey?: string | null }) {
      const values = parseInput(z.object({ url: z.string().trim().max(4096, 'At most 4096 characters'), secretKey: z.string().trim().max(200).nullish() }), input);
      let parsed: URL;
      try {
        parsed = new URL(values.url);
      } catch {
        throw badInput({ url: 'Enter a full widget URL starting with https://' });
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw badInput({ url: 'Enter a full widget URL starting with https://' });
      if (parsed.searchParams.has('signature')) throw badInput({ url: 'This URL is already signed: remove its signature parameter first.' });
      let secretKey: string;
      if (values.secretKey) {
        const key = await repository.findBySecretHash(sha256(values.secretKey));
        if (!key || key.type !== 'secret' || key.accountId !== accountId || key.liveMode !== input.liveMode) {
          throw badInput({ secretKey: `This is not a working ${input.liveMode ? 'live' : 'test'} secret key of this account.` });
        }
        secretKey = values.secretKey;
      } else {
        await assertModeAllowed(accountId, input.liveMode);
        const stored = await secretKeyOf(accountId, input.liveMode);
        if (stored === 'unencrypted') throw badInput({ secretKey: PLAIN_SECRET_KEY_MESSAGE });
        // A new account signs before it has listed its keys: the key is made here, kept encrypted, and never shown;
        // Developers › API keys shows it masked, and rolling it shows a new one once.
        secretKey = stored ?? (await createKey(accountId, input.liveMode, 'secret')).plainSecret!;
      }
      const signed = signWidgetUrl(parsed.toString(), secretKey);
      await deps.setOnboardingFlag(accountId, 'isWidgetUrlBuilt', true);
      return signed;
    },

    async integrationUrl(accountId: string, input: { type: 'OnRamp' | 'OffRamp' | 'Swaps' | 'NftCheckout'; liveMode: boolean }) {
      await assertModeAllowed(accountId, input.liveMode);
      // Only the publishable key is needed; a missing secret key is created where it can be shown once (apiKeys).
      const keys = await repository.liveKeys(accountId, input.liveMode);
      const publishable = keys.find((key) => key.type === 'publishable' && !key.deletedAt) ?? (await createKey(accountId, input.liveMode, 'publishable'));
      const apiKey = encodeURIComponent(publishable.displayValue);
      // The NFT checkout widget is a later issue and keeps its own host; Rampart serves buy, sell and swap itself.
      if (input.type === 'NftCheckout') return `https://nft${input.liveMode ? '' : '-sandbox'}.${config.WIDGET_HOST}/?apiKey=${apiKey}`;
      const flow = { OnRamp: 'buy', OffRamp: 'sell', Swaps: 'swap' }[input.type];
      return `${config.PUBLIC_URL.replace(/\/$/, '')}/widget/${flow}?apiKey=${apiKey}`;
    },
  };
}

export type DevelopersService = ReturnType<typeof createDevelopersService>;
