import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { WIDGET_PARAMS, type WidgetFlow, type WidgetParams } from '@rampart/shared/widget';
import { signedParamProblems } from '@rampart/shared/widget-params';
import type { Env } from '../../config/env.ts';
import { API_KEY_NAME_MAX, API_REQUEST_LOG_RETENTION_DAYS, MAX_SECRET_KEYS_PER_MODE, apiResource, isWritable, type ApiAccess } from '@rampart/shared/api-keys';
import { AppError, badInput, forbidden } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { hasControlCharacters, hasForbiddenCharacters } from '../../lib/text.ts';
import { sha256 } from '../../lib/sha256.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import type { DevelopersRepository, ApiKeyRow, ApiRequestRow } from './developers.repository.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { canUseLiveMode } from '../../lib/live-mode.ts';
import { pick } from '../../lib/pick.ts';
import type { AccountGrant } from '../../graphql/grant.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { keyRolledByStaff } from './developers.mail.ts';
import type { RampService } from '../ramp/ramp.service.ts';

export const ROLL_GRACE_HOURS = 12;
/** A stopped secret or restricted key stays (unusable) this long, so the request log keeps naming it. */
const STOPPED_KEY_KEPT_MS = API_REQUEST_LOG_RETENTION_DAYS * 86_400_000;
const LOG_PAGE_MAX = 100;
const LOG_DELETE_BATCH = 5_000;
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type Restrictions = Record<string, ApiAccess>;

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badInput({ name: 'Give the key a name, e.g. "Backend" or "Reporting job".' });
  if (trimmed.length > API_KEY_NAME_MAX) throw badInput({ name: `A key name has at most ${API_KEY_NAME_MAX} characters.` });
  if (hasForbiddenCharacters(trimmed) || hasControlCharacters(trimmed)) throw badInput({ name: 'A key name cannot contain control characters.' });
  return trimmed;
}

/** The restrictions of a new restricted key: known resources, each once, Write only where the resource has write routes. */
function checkRestrictions(list: ReadonlyArray<{ resource: string; access: ApiAccess }>): Restrictions {
  if (list.length === 0) throw badInput({ restrictions: 'Give the restricted key Read or Write access to at least one resource.' });
  const restrictions: Restrictions = {};
  for (const { resource: id, access } of list) {
    const resource = apiResource(id);
    if (!resource) throw badInput({ restrictions: `There is no REST resource "${id.slice(0, 40)}".` });
    if (restrictions[id]) throw badInput({ restrictions: `${resource.label} is listed twice.` });
    if (access === 'write' && !isWritable(resource)) throw badInput({ restrictions: `${resource.label} can only be read: give it Read access.` });
    restrictions[id] = access;
  }
  return restrictions;
}

/** An opaque keyset cursor: the last row's (created_at, id). */
export function encodeLogCursor(row: { createdAt: Date; id: bigint }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeLogCursor(cursor: string): { createdAt: Date; id: bigint } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(time ?? '');
  if (!id || !/^\d{1,19}$/.test(id) || Number.isNaN(createdAt.getTime()))
    throw badInput({ after: 'This cursor is not one the request log gave out; start from the first page.' });
  return { createdAt, id: BigInt(id) };
}
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

/** What the API request log keeps of a REST request, besides its key. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  requestId: string | null;
  ipAddress: string | null;
}

export function createDevelopersService(deps: {
  repository: DevelopersRepository;
  accounts: AccountsRepository;
  config: Env;
  jobs: JobQueue;
  secretBox: SecretBox;
  setOnboardingFlag: (accountId: string, flag: 'isWidgetUrlBuilt', value: boolean) => Promise<void>;
  /** What the widget offers, to check a URL's parameters before signing them (services.ramp). */
  ramp: Pick<RampService, 'offeredCurrencies' | 'methodAmountBounds'>;
  /** Sends after the unit of work commits. */
  mailer: Mailer;
}) {
  const { repository, accounts, config, jobs, secretBox, mailer } = deps;

  async function assertModeAllowed(accountId: string, liveMode: boolean) {
    if (!liveMode) return;
    const account = await accounts.findAccount(accountId);
    if (!canUseLiveMode(account))
      throw forbidden('Live keys exist only for a verified business. Complete business verification (KYB) at /dashboard/on-ramp/kyb first.');
  }

  /** A product's widget URL with this mode's publishable key (made when the account has none). */
  async function integrationUrl(accountId: string, input: { type: 'OnRamp' | 'OffRamp' | 'Swaps' | 'NftCheckout'; liveMode: boolean }) {
    await assertModeAllowed(accountId, input.liveMode);
    // Only the publishable key is needed; a missing secret key is created where it can be shown once (apiKeys).
    const keys = await repository.liveKeys(accountId, input.liveMode);
    const publishable = keys.find((key) => key.type === 'publishable' && !key.deletedAt) ?? (await createKey(accountId, input.liveMode, 'publishable'));
    const apiKey = encodeURIComponent(publishable.displayValue);
    const flow = { OnRamp: 'buy', OffRamp: 'sell', Swaps: 'swap', NftCheckout: 'nft' }[input.type];
    return `${config.PUBLIC_URL.replace(/\/$/, '')}/widget/${flow}?apiKey=${apiKey}`;
  }

  /**
   * A signed parameter is locked for the customer, so one the widget would refuse (an address of another network, a
   * tag the asset lacks, an amount no payment method takes, an asset not offered) is refused here, by parameter.
   */
  async function assertSignableParams(accountId: string, url: URL) {
    const flow = (/^\/widget\/(buy|sell|swap|nft)\/?$/.exec(url.pathname)?.[1] ?? 'buy') as WidgetFlow;
    const params: WidgetParams = {};
    for (const name of WIDGET_PARAMS) {
      const value = url.searchParams.get(name);
      if (value !== null) params[name] = value;
    }
    const problems = signedParamProblems(flow, params, flow === 'nft' ? [] : await deps.ramp.offeredCurrencies(accountId, flow));
    const amount = params.baseCurrencyAmount?.trim();
    if (flow === 'buy' && amount && !problems.baseCurrencyAmount) {
      // The buy widget pays by card: its bounds, in whatever fiat the link names.
      const { min, max } = await deps.ramp.methodAmountBounds(accountId, 'creditCard');
      const unit = (params.baseCurrencyCode?.trim() || 'usd').toUpperCase();
      if (min !== null && new Decimal(amount).lt(min)) problems.baseCurrencyAmount = `A card payment is at least ${min} ${unit} for this account.`;
      if (max !== null && new Decimal(amount).gt(max)) problems.baseCurrencyAmount = `A card payment is at most ${max} ${unit} for this account.`;
    }
    const first = Object.entries(problems)[0];
    if (first) throw badInput(problems, `${first[0]}: ${first[1]}`);
  }

  async function createKey(
    accountId: string,
    liveMode: boolean,
    type: 'publishable' | 'secret' | 'restricted' | 'webhook',
    extra: { name?: string | null; restrictions?: Restrictions | null } = {},
  ): Promise<ApiKeyRow> {
    const value = newKeyValue(type, liveMode);
    const secretLike = type === 'secret' || type === 'restricted';
    const row = await repository.insertKey({
      accountId,
      liveMode,
      type,
      name: extra.name ?? null,
      restrictions: type === 'restricted' ? (extra.restrictions ?? {}) : null,
      displayValue: secretLike ? maskSecret(value) : value,
      secretHash: secretLike ? sha256(value) : null,
      // Kept encrypted so the server can sign widget URLs with it; the hash stays for lookup by value.
      secretCiphertext: secretLike ? secretBox.encrypt(value) : null,
    });
    return { ...row, plainSecret: value };
  }

  /** The plain secret key of a mode, decrypted; null when none, or `{ unencrypted: true }` when it predates encryption at rest. */
  async function secretKeyOf(accountId: string, liveMode: boolean): Promise<string | null | { unencrypted: true }> {
    const key = (await repository.liveKeys(accountId, liveMode)).filter((row) => row.type === 'secret' && !row.deletedAt).at(-1);
    if (!key) return null;
    return key.secretCiphertext ? secretBox.decrypt(key.secretCiphertext) : { unencrypted: true };
  }

  /** Stops a key at `deletedAt`; the row goes later (30 days later for keys the request log names). */
  async function stopKey(key: ApiKeyRow, deletedAt: Date) {
    await repository.setDeletedAt(key.id, deletedAt);
    const purgeAt = key.type === 'secret' || key.type === 'restricted' ? new Date(deletedAt.getTime() + STOPPED_KEY_KEPT_MS) : deletedAt;
    await jobs.add('purge_api_key', { apiKeyId: key.id }, { runAt: purgeAt, jobKey: `purge_api_key:${key.id}` });
  }

  /** A secret or restricted key that still works and was not rolled away. */
  async function manageableKey(id: string, action: string): Promise<ApiKeyRow> {
    const key = await repository.findKey(id);
    if (!key || (key.deletedAt && key.deletedAt <= new Date())) throw badInput({ id: 'This key no longer exists.' });
    if (key.type !== 'secret' && key.type !== 'restricted') throw badInput({ id: `Only secret and restricted keys can be ${action}.` });
    return key;
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

    async rollApiKey(input: { id: string; deleteOldKeyNow: boolean; reason?: string | null }, grant: AccountGrant) {
      const byStaff = grant.via === 'staff';
      // Staff act on a partner's key without being asked: the partner hears why (the reason is also in the audit trail).
      const reason = byStaff
        ? parseInput(
            z.object({
              reason: z.string().trim().min(1, 'Say why you roll this key: the account’s administrators are e-mailed it.').max(500, 'At most 500 characters'),
            }),
            {
              reason: input.reason ?? '',
            },
          ).reason
        : null;
      const key = await repository.findKey(input.id);
      if (!key || (key.deletedAt && key.deletedAt <= new Date())) throw badInput({ id: 'This key no longer exists.' });
      if (key.type === 'public') throw badInput({ id: 'A public key is uploaded, not rolled: upload a new one instead.' });
      if (key.deletedAt) throw new AppError('CONFLICT', 'This key was already rolled and is waiting for deletion.');
      // The new key keeps the old one's name and scope.
      const replacement = await createKey(key.accountId, key.liveMode, key.type, { name: key.name, restrictions: key.restrictions });
      const deletedAt = input.deleteOldKeyNow ? new Date() : new Date(Date.now() + ROLL_GRACE_HOURS * 3_600_000);
      await stopKey(key, deletedAt);
      if (reason !== null) {
        const account = await accounts.findAccount(key.accountId);
        const administrators = (await accounts.membershipsOfAccount(key.accountId)).filter((m) => m.role === 'administrator' && m.hasAcceptedInvite);
        for (const administrator of administrators) {
          await mailer.send(
            keyRolledByStaff({
              to: administrator.user.email,
              accountName: account?.name ?? 'your account',
              key: `${key.type} ${key.liveMode ? 'live' : 'test'} key${key.name ? ` “${key.name}”` : ''} (${key.displayValue})`,
              liveMode: key.liveMode,
              reason,
              stopsAt: deletedAt,
              url: `${config.PUBLIC_URL}/developers`,
            }),
          );
        }
        // The partner's secret is theirs: staff see only its masked value.
        return { ...replacement, plainSecret: undefined };
      }
      return replacement;
    },

    /** A named secret key (no restrictions) or a restricted key (rk_…, with restrictions), shown in full in this response only. */
    async createApiKey(
      accountId: string,
      input: { liveMode: boolean; name: string; restrictions?: ReadonlyArray<{ resource: string; access: ApiAccess }> | null },
    ) {
      const name = checkName(input.name);
      const restrictions = input.restrictions == null ? null : checkRestrictions(input.restrictions);
      await assertModeAllowed(accountId, input.liveMode);
      if ((await repository.countSecretKeys(accountId, input.liveMode)) >= MAX_SECRET_KEYS_PER_MODE) {
        throw new AppError('CONFLICT', `A mode has at most ${MAX_SECRET_KEYS_PER_MODE} secret and restricted keys: delete one you no longer use first.`);
      }
      return createKey(accountId, input.liveMode, restrictions ? 'restricted' : 'secret', { name, restrictions });
    },

    async renameApiKey(input: { id: string; name: string }) {
      const name = checkName(input.name);
      await manageableKey(input.id, 'renamed');
      return repository.rename(input.id, name);
    },

    /** A test key's secret again (it is kept encrypted); live keys are shown only when created or rolled. */
    async revealApiKey(id: string): Promise<string> {
      const key = await manageableKey(id, 'revealed');
      if (key.liveMode) throw forbidden('Live keys are shown only once, when they are created or rolled. Roll the key if you lost it.');
      if (!key.secretCiphertext) {
        throw new AppError(
          'CONFLICT',
          'This key was created before secret keys were kept encrypted, so it cannot be shown again: roll it to get one that can.',
        );
      }
      return secretBox.decrypt(key.secretCiphertext);
    },

    /**
     * Revokes a secret or restricted key at once. The last standard secret key of a mode stays (it signs widget URLs
     * and would be recreated on the next visit anyway): roll it instead.
     */
    async deleteApiKey(id: string): Promise<boolean> {
      const key = await manageableKey(id, 'deleted');
      if (key.type === 'secret' && key.deletedAt === null) {
        const others = (await repository.liveKeys(key.accountId, key.liveMode)).filter(
          (row) => row.type === 'secret' && row.deletedAt === null && row.id !== key.id,
        );
        if (others.length === 0)
          throw new AppError('CONFLICT', 'This is the only secret key of this mode: roll it instead, or create another secret key first.');
      }
      await stopKey(key, new Date());
      return true;
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

    /** After an authenticated REST request: its log row, and the key's last use (at most once a minute). */
    async recordRequest(entry: RequestLogEntry & { apiKey: { id: string; accountId: string; liveMode: boolean; lastUsedAt: Date | null } }) {
      const { apiKey } = entry;
      await repository.logRequest({
        accountId: apiKey.accountId,
        apiKeyId: apiKey.id,
        liveMode: apiKey.liveMode,
        ...pick(entry, 'method', 'path', 'status', 'latencyMs', 'requestId', 'ipAddress'),
        // When the request arrived, not when this fire-and-forget insert ran: two requests in a row keep their order.
        createdAt: new Date(Date.now() - entry.latencyMs),
      });
      if (!apiKey.lastUsedAt || Date.now() - apiKey.lastUsedAt.getTime() >= 60_000) await repository.touchLastUsed(apiKey.id);
    },

    /** The keys the request log can name (for its key filter); unlike apiKeys, creates nothing. */
    apiRequestKeys: (accountId: string, liveMode: boolean) => repository.keysSince(accountId, liveMode, API_REQUEST_LOG_RETENTION_DAYS),

    async apiRequests(
      accountId: string,
      input: {
        liveMode: boolean;
        apiKeyId?: string | null;
        method?: string | null;
        statusClass?: '2xx' | '4xx' | '5xx' | null;
        pathPrefix?: string | null;
        from?: Date | null;
        to?: Date | null;
        first?: number | null;
        after?: string | null;
      },
    ): Promise<{ items: ApiRequestRow[]; nextCursor: string | null }> {
      const limit = input.first ?? 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > LOG_PAGE_MAX) throw badInput({ first: `Ask for 1 to ${LOG_PAGE_MAX} requests at a time.` });
      if (input.method && !(API_METHODS as readonly string[]).includes(input.method))
        throw badInput({ method: `The method is one of ${API_METHODS.join(', ')}.` });
      const pathPrefix = input.pathPrefix?.trim() || null;
      if (pathPrefix && (pathPrefix.length > 200 || hasForbiddenCharacters(pathPrefix)))
        throw badInput({ pathPrefix: 'A path has at most 200 characters of plain text, e.g. /v1/transactions.' });
      if (input.from && input.to && input.from > input.to) throw badInput({ to: 'The end of the date range is before its start.' });
      const apiKeyId = input.apiKeyId || null;
      if (apiKeyId && !/^[0-9a-f-]{36}$/i.test(apiKeyId)) throw badInput({ apiKeyId: 'This is not a key id.' });
      const ranges = { '2xx': [200, 299], '4xx': [400, 499], '5xx': [500, 599] } as const;
      const rows = await repository.requests({
        accountId,
        liveMode: input.liveMode,
        apiKeyId,
        method: input.method ?? null,
        statusRange: input.statusClass ? [...ranges[input.statusClass]] : null,
        pathPrefix,
        from: input.from ?? null,
        to: input.to ?? null,
        before: input.after ? decodeLogCursor(input.after) : null,
        limit: limit + 1,
      });
      const items = rows.slice(0, limit);
      return { items, nextCursor: rows.length > limit ? encodeLogCursor(items.at(-1)!) : null };
    },

    /** The request log's retention: deletes rows older than 30 days in batches, so no one statement holds many locks. */
    async purgeOldRequests(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - API_REQUEST_LOG_RETENTION_DAYS * 86_400_000);
      let total = 0;
      for (;;) {
        const deleted = await repository.deleteRequestsBefore(before, LOG_DELETE_BATCH);
        total += deleted;
        if (deleted < LOG_DELETE_BATCH) return total;
      }
    },

    /** Every working secret key of a mode, decrypted (a rolled one keeps working through its grace period). */
    async secretKeysOf(accountId: string, liveMode: boolean): Promise<string[]> {
      const keys = (await repository.liveKeys(accountId, liveMode)).filter((row) => row.type === 'secret' && row.secretCiphertext);
      return keys.map((row) => secretBox.decrypt(row.secretCiphertext!));
    },

    async generateSignedUrl(accountId: string, input: { liveMode: boolean; url: string; secretKey?: string | null }) {
      const values = parseInput(
        z.object({ url: z.string().trim().max(4096, 'At most 4096 characters'), secretKey: z.string().trim().max(200).nullish() }),
        input,
      );
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
        if (typeof stored === 'object' && stored !== null) throw badInput({ secretKey: PLAIN_SECRET_KEY_MESSAGE });
        // A new account signs before it has listed its keys: the key is made here, kept encrypted, and never shown;
        // Developers › API keys shows it masked, and rolling it shows a new one once.
        secretKey = stored ?? (await createKey(accountId, input.liveMode, 'secret')).plainSecret!;
      }
      await assertSignableParams(accountId, parsed);
      const signed = signWidgetUrl(parsed.toString(), secretKey);
      await deps.setOnboardingFlag(accountId, 'isWidgetUrlBuilt', true);
      return signed;
    },

    integrationUrl,

    /** A collection's NFT checkout link: the test-mode NFT checkout URL naming its contract and network. */
    async nftCheckoutUrl(accountId: string, collection: { contractAddress: string; network: { code: string } }) {
      const base = await integrationUrl(accountId, { type: 'NftCheckout', liveMode: false });
      return `${base}&${new URLSearchParams({ contractAddress: collection.contractAddress, network: collection.network.code }).toString()}`;
    },
  };
}

export type DevelopersService = ReturnType<typeof createDevelopersService>;
