import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import { getAddress } from 'viem';
import { z } from 'zod';
import {
  PASS_API_KEY_PREFIX,
  PASS_API_KEYS_PER_PROJECT,
  PASS_BARCODE_FORMATS,
  PASS_CREDENTIAL_MAX_BYTES,
  PASS_FIELD_GROUP_LIMITS,
  PASS_FIELD_GROUPS,
  PASS_IMAGE_MAX_BYTES,
  defaultPassTemplate,
  type PassPolicyKind,
  PASS_POLICIES_PER_PROJECT,
  PASS_POLICY_KINDS,
  PASS_POLICY_TOKEN_IDS_MAX,
  PASS_POLICY_WALLETS_MAX,
  PASS_PROJECTS_PER_ACCOUNT,
  PASS_STATUSES,
  PASS_STYLES,
  PASS_TEMPLATES_PER_PROJECT,
  type PassFields,
  type PassInvalidationReason,
  type PassEventType,
} from '@rampart/shared/passes';
import type { Env } from '../../config/env.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import { UploadedFile } from '../../lib/graphql-uploads.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { afterCommit } from '../../db/unit-of-work.ts';
import type { WebhooksService } from '../webhooks/webhooks.service.ts';
import { NETWORKS } from '../../lib/crypto-catalogue.ts';
import {
  appleColumns,
  developmentCredentialsRow,
  generateDevelopmentAppleCredentials,
  generateDevelopmentGoogleCredentials,
  googleColumns,
  readAppleUpload,
  readGoogleUpload,
} from './pass-credentials.ts';
import { renderPassFields } from './pass-fields.ts';
import type { PassFiles } from './pass-files.ts';
import { issuePass, PassesApiError } from './pass-issuing.ts';
import type { EvmChain } from '../../lib/chain/evm-chain.ts';
import { invalidatePass } from './pass-lifecycle.ts';
import type { PassEventRow, PassesRepository, PassProjectCredentialsRow, PassProjectRow, PassRow, PassTemplateRow } from './passes.repository.ts';
import { fileLinkKey } from '../../lib/file-link-key.ts';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UINT256_MAX = (1n << 256n) - 1n;
/** Known chain ids of the EVM networks NFT policies may name (the local chain's comes from services.chain). */
const CHAIN_IDS: Record<string, number> = { ethereum: 1, polygon: 137, arbitrum: 42161, optimism: 10, base: 8453, avalanche_c_chain: 43114, bnb_chain: 56 };
const EVM_NFT_NETWORKS = NETWORKS.filter((network) => network.supportsNft && network.addressRegex === '^0x[a-fA-F0-9]{40}$').map((network) => network.code);

const DOMAIN = /^(?=.{1,253}$)(localhost|([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(:\d{1,5})?$/;
const COLOR = /^(#[0-9a-fA-F]{6}|rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\))$/;
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

const projectSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(80, 'At most 80 characters'),
  description: z.string().trim().max(500, 'At most 500 characters').nullish(),
  allowedDomains: z
    .array(z.string().trim().toLowerCase().regex(DOMAIN, 'A domain such as tickets.example.com (no scheme or path), optionally with a port'))
    .max(20, 'At most 20 domains')
    .nullish(),
});

const colorSchema = z
  .string()
  .trim()
  .refine((value) => {
    const match = COLOR.exec(value);
    return Boolean(match) && [match![2], match![3], match![4]].every((part) => part === undefined || Number(part) <= 255);
  }, 'A colour as #rrggbb or rgb(r, g, b) with values 0–255');

const fieldSchema = z.object({
  key: z.string().trim().regex(FIELD_KEY, 'A key starts with a letter and has up to 40 letters, digits, - or _'),
  label: z.string().trim().max(40, 'At most 40 characters'),
  value: z.string().trim().min(1, 'Enter a value').max(200, 'At most 200 characters'),
});

const templateSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(80, 'At most 80 characters'),
  style: z.enum(PASS_STYLES, { message: `One of ${PASS_STYLES.join(', ')}` }),
  organizationName: z.string().trim().min(1, 'Enter the organisation name').max(80, 'At most 80 characters'),
  description: z.string().trim().min(1, 'Enter a description (Apple reads it out for accessibility)').max(200, 'At most 200 characters'),
  logoText: z.string().trim().max(40, 'At most 40 characters').nullish(),
  colors: z.object({ background: colorSchema, foreground: colorSchema, label: colorSchema }),
  fields: z.object(
    Object.fromEntries(
      PASS_FIELD_GROUPS.map((group) => [
        group,
        z.array(fieldSchema).max(PASS_FIELD_GROUP_LIMITS[group], `At most ${PASS_FIELD_GROUP_LIMITS[group]} fields here`),
      ]),
    ) as Record<(typeof PASS_FIELD_GROUPS)[number], z.ZodArray<typeof fieldSchema>>,
  ),
  barcodeFormat: z.enum(PASS_BARCODE_FORMATS, { message: `One of ${PASS_BARCODE_FORMATS.join(', ')}` }),
});

const testPassSchema = z
  .object({
    walletAddress: z.string().trim().regex(EVM_ADDRESS, 'Enter a wallet address: 0x and 40 hexadecimal characters.'),
    templateId: z.string().uuid('Choose one of the project’s templates.'),
    nftContractAddress: z.string().trim().regex(EVM_ADDRESS, 'Enter the NFT contract address: 0x and 40 hexadecimal characters.').nullish(),
    nftTokenId: z
      .string()
      .trim()
      .refine((text) => /^\d{1,78}$/.test(text) && BigInt(text) <= UINT256_MAX, 'A token id is a whole number written in decimal, such as 1.')
      .nullish(),
  })
  .superRefine((value, context) => {
    if (value.nftTokenId && !value.nftContractAddress)
      context.addIssue({ code: 'custom', path: ['nftContractAddress'], message: 'Enter the contract of the token.' });
    if (value.nftContractAddress && !value.nftTokenId) context.addIssue({ code: 'custom', path: ['nftTokenId'], message: 'Enter the token id.' });
  });

/** A refusal of the issuing path (in the REST API's terms) as the dashboard's error, next to its field where it has one. */
function dashboardError(error: PassesApiError): AppError {
  if (error.code === 'template_not_found') return badInput({ templateId: error.message });
  if (error.code === 'policy_refused' && error.details) return badInput({ walletAddress: error.message }, error.message);
  if (error.status === 409 || error.code === 'policy_refused') return new AppError('CONFLICT', error.message);
  const fields = Object.fromEntries(Object.entries(error.details ?? {}).map(([field, message]) => [field, String(message)]));
  return badInput(fields, error.message);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IMAGE_COLUMN = { logo: 'logoImageKey', icon: 'iconImageKey', strip: 'stripImageKey' } as const;
type ImageSlot = keyof typeof IMAGE_COLUMN;

/** Uploaded bytes, or a BAD_USER_INPUT naming the field. */
function uploadOf(file: unknown, field: string, maxBytes: number, what: string): Buffer {
  if (!(file instanceof UploadedFile)) throw badInput({ [field]: `Send the ${what} as a file upload (a GraphQL multipart request).` });
  if (file.isOverLimit || file.sizeBytes > maxBytes) throw badInput({ [field]: `The ${what} is larger than ${Math.round(maxBytes / 1000)} kB.` });
  if (file.sizeBytes === 0) throw badInput({ [field]: `The ${what} file is empty.` });
  return file.bytes;
}

function isPng(bytes: Buffer): boolean {
  return bytes.length > 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.subarray(12, 16).toString('latin1') === 'IHDR';
}

/** Opaque keyset cursor: the last pass's id. */
const encodeCursor = (id: string) => Buffer.from(`pass:${id}`).toString('base64url');
function decodeCursor(cursor: string): string {
  const decoded = /^pass:([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!decoded) throw badInput({ after: 'This cursor is not one a previous page returned.' });
  return decoded[1]!;
}

export interface PassEventView {
  id: string;
  type: PassEventType;
  reason: PassInvalidationReason | null;
  transactionHash: string | null;
  toAddress: string | null;
  valid: boolean | null;
  refusal: string | null;
  deviceLibraryIdentifier: string | null;
  createdAt: Date;
}

function eventView(row: PassEventRow): PassEventView {
  const detail = row.detail ?? {};
  const text = (key: string) => (typeof detail[key] === 'string' ? detail[key] : null);
  return {
    id: row.id,
    type: row.type,
    reason: (text('reason') as PassInvalidationReason | null) ?? null,
    transactionHash: text('transactionHash'),
    toAddress: text('toAddress') ?? text('to'),
    valid: typeof detail.valid === 'boolean' ? detail.valid : null,
    refusal: text('refusal'),
    deviceLibraryIdentifier: text('deviceLibraryIdentifier'),
    createdAt: row.createdAt,
  };
}

function credentialsView(row: PassProjectCredentialsRow) {
  return {
    apple: {
      source: row.appleSource,
      passTypeIdentifier: row.applePassTypeIdentifier,
      teamIdentifier: row.appleTeamIdentifier,
      certificateSubject: row.appleCertificateSubject,
      certificateExpiresAt: row.appleCertificateExpiresAt,
    },
    google: { source: row.googleSource, issuerId: row.googleIssuerId, serviceAccountEmail: row.googleServiceAccountEmail },
    updatedAt: row.updatedAt,
  };
}

export function createPassesService(deps: {
  repository: PassesRepository;
  config: Env;
  secretBox: SecretBox;
  storage: FileStorage;
  webhooks: WebhooksService;
  chain: () => EvmChain | null;
  files: () => PassFiles | null;
}) {
  const { repository, config, secretBox, storage, webhooks } = deps;
  const linkSecret = fileLinkKey(config);
  const signImageLink = (templateId: string, slot: ImageSlot, key: string, expires: number) =>
    crypto.createHmac('sha256', linkSecret).update(`pass-template-image:${templateId}:${slot}:${key}:${expires}`).digest('base64url');

  async function projectOrFail(id: string): Promise<PassProjectRow> {
    const project = await repository.project(id);
    if (!project) throw notFound('Pass project');
    return project;
  }

  async function credentialsOf(projectId: string): Promise<PassProjectCredentialsRow> {
    const row = await repository.credentials(projectId);
    if (row) return row;
    // A project always gets credentials at creation; this only repairs one that somehow has none.
    await repository.insertCredentials(developmentCredentialsRow(secretBox, projectId, null));
    return (await repository.credentials(projectId))!;
  }

  const isTestModeOf = (row: PassProjectCredentialsRow) => row.appleSource === 'development' || row.googleSource === 'development';

  function parseProjectInput(input: unknown) {
    const parsed = parseInput(projectSchema, input);
    return { name: parsed.name, description: parsed.description || null, allowedDomains: [...new Set(parsed.allowedDomains ?? [])] };
  }

  async function assertProjectNameFree(accountId: string, name: string, exceptId: string | null) {
    const existing = await repository.projectNamed(accountId, name);
    if (existing && existing.id !== exceptId) throw badInput({ name: `This account already has a project named “${existing.name}”.` });
  }

  function parsePolicyInput(input: Record<string, unknown>) {
    const base = parseInput(
      z.object({
        name: z.string().trim().min(1, 'Enter a name').max(80, 'At most 80 characters'),
        kind: z.enum(PASS_POLICY_KINDS, { message: 'Choose wallets or nft' }),
      }),
      input,
    );
    if (base.kind === 'wallets') {
      const raw = input.walletAddresses;
      if (!Array.isArray(raw) || raw.length === 0) throw badInput({ walletAddresses: 'List at least one wallet address.' });
      if (raw.length > PASS_POLICY_WALLETS_MAX) throw badInput({ walletAddresses: `At most ${PASS_POLICY_WALLETS_MAX} wallet addresses.` });
      const addresses: string[] = [];
      for (const [index, value] of raw.entries()) {
        const address = typeof value === 'string' ? value.trim() : '';
        if (!EVM_ADDRESS.test(address))
          throw badInput(
            { [`walletAddresses.${index}`]: `“${String(value).slice(0, 60)}” is not a wallet address: 0x and 40 hexadecimal characters.` },
            `Wallet address ${index + 1} is not valid: 0x and 40 hexadecimal characters.`,
          );
        addresses.push(address.toLowerCase());
      }
      if (input.contractAddress || input.networkCode || (Array.isArray(input.tokenIds) && input.tokenIds.length)) {
        throw badInput({ kind: 'A wallets policy lists addresses only: leave the network, contract and token ids empty.' });
      }
      return {
        name: base.name,
        kind: base.kind,
        walletAddresses: [...new Set(addresses)],
        networkCode: null,
        chainId: null,
        contractAddress: null,
        tokenIds: [],
      };
    }
    const chain = deps.chain();
    const networks = [...new Set([...(chain ? [chain.networkCode] : []), ...EVM_NFT_NETWORKS])];
    const networkCode = typeof input.networkCode === 'string' ? input.networkCode.trim() : '';
    if (!networkCode) throw badInput({ networkCode: 'Choose the NFT’s network.' });
    if (!networks.includes(networkCode)) throw badInput({ networkCode: `Passes can check NFTs on ${networks.join(', ')}.` });
    const contractAddress = typeof input.contractAddress === 'string' ? input.contractAddress.trim() : '';
    if (!EVM_ADDRESS.test(contractAddress)) throw badInput({ contractAddress: 'Enter the NFT contract address: 0x and 40 hexadecimal characters.' });
    const rawIds = input.tokenIds == null ? [] : input.tokenIds;
    if (!Array.isArray(rawIds)) throw badInput({ tokenIds: 'List token ids as strings.' });
    if (rawIds.length > PASS_POLICY_TOKEN_IDS_MAX) throw badInput({ tokenIds: `At most ${PASS_POLICY_TOKEN_IDS_MAX} token ids.` });
    const tokenIds: string[] = [];
    for (const [index, value] of rawIds.entries()) {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!/^\d{1,78}$/.test(text) || BigInt(text) > UINT256_MAX) {
        throw badInput(
          { [`tokenIds.${index}`]: `“${String(value).slice(0, 80)}” is not a token id: a whole number from 0 to 2^256 − 1, written in decimal.` },
          `Token id ${index + 1} is not valid: a whole number written in decimal.`,
        );
      }
      tokenIds.push(BigInt(text).toString());
    }
    if (Array.isArray(input.walletAddresses) && input.walletAddresses.length)
      throw badInput({ walletAddresses: 'An NFT policy checks token ownership: leave the wallet addresses empty.' });
    const chainId = chain && networkCode === chain.networkCode ? chain.chainId : (CHAIN_IDS[networkCode] ?? null);
    return {
      name: base.name,
      kind: base.kind,
      walletAddresses: [],
      networkCode,
      chainId,
      contractAddress: contractAddress.toLowerCase(),
      tokenIds: [...new Set(tokenIds)],
    };
  }

  function parseTemplateInput(input: unknown) {
    const parsed = parseInput(templateSchema, input);
    const keys = new Map<string, string>();
    for (const group of PASS_FIELD_GROUPS) {
      for (const [index, field] of parsed.fields[group].entries()) {
        if (keys.has(field.key)) throw badInput({ [`fields.${group}.${index}.key`]: `The key “${field.key}” is used twice: each field needs its own key.` });
        keys.set(field.key, group);
      }
    }
    const toRgb = (value: string) => {
      if (value.startsWith('#')) return `rgb(${parseInt(value.slice(1, 3), 16)}, ${parseInt(value.slice(3, 5), 16)}, ${parseInt(value.slice(5, 7), 16)})`;
      const match = COLOR.exec(value)!;
      return `rgb(${Number(match[2])}, ${Number(match[3])}, ${Number(match[4])})`;
    };
    return {
      name: parsed.name,
      style: parsed.style,
      organizationName: parsed.organizationName,
      description: parsed.description,
      logoText: parsed.logoText || null,
      colors: { background: toRgb(parsed.colors.background), foreground: toRgb(parsed.colors.foreground), label: toRgb(parsed.colors.label) },
      fields: parsed.fields,
      barcodeFormat: parsed.barcodeFormat,
    };
  }

  /** After a credentials change the project's endpoints follow its mode. */
  async function credentialsChanged(projectId: string, row: PassProjectCredentialsRow) {
    await webhooks.setPassProjectMode(projectId, !isTestModeOf(row));
    return credentialsView(row);
  }

  return {
    accountOfProject: (id: string) => repository.accountOfProject(id),
    accountOfPolicy: (id: string) => repository.accountOfPolicy(id),
    accountOfTemplate: (id: string) => repository.accountOfTemplate(id),
    accountOfPass: (id: string) => repository.accountOfPass(id),
    accountOfApiKey: (id: string) => repository.accountOfApiKey(id),

    // --- Reads ---
    projects: (accountId: string) => repository.listProjects(accountId),
    project: (id: string) => projectOrFail(id),
    async projectIsTestMode(projectId: string) {
      return isTestModeOf(await credentialsOf(projectId));
    },
    async projectCredentials(projectId: string) {
      return credentialsView(await credentialsOf(projectId));
    },
    projectPassCounts: (projectId: string) => repository.passCounts(projectId),
    projectPolicies: (projectId: string) => repository.listPolicies(projectId),
    projectTemplates: (projectId: string) => repository.listTemplates(projectId),
    projectApiKeys: (projectId: string) => repository.listApiKeys(projectId),
    projectWebhooks: (projectId: string) => webhooks.listOfPassProject(projectId),
    apiBaseUrl: () => `${config.PUBLIC_URL.replace(/\/$/, '')}/passes-api/v1`,
    /** A new template for the kind of pass: the one given, else nft when every policy of the project checks an NFT. */
    async defaultTemplate(project: PassProjectRow, kind: PassPolicyKind | null) {
      const policies = kind ? [] : await repository.listPolicies(project.id);
      const chosen = kind ?? (policies.length > 0 && policies.every((policy) => policy.kind === 'nft') ? 'nft' : 'wallets');
      return defaultPassTemplate(project.name, chosen);
    },
    policyPassCount: (policyId: string) => repository.policyPassCount(policyId),
    templatePassCount: (templateId: string) => repository.templatePassCount(templateId),

    /** A short-lived signed link to a template's image, or null when it has none. */
    templateImageUrl(template: PassTemplateRow, slot: ImageSlot): string | null {
      const key = template[IMAGE_COLUMN[slot]];
      if (!key) return null;
      const expires = Math.floor(Date.now() / 1000) + config.FILE_LINK_TTL_SECONDS;
      return `/files/passes/templates/${template.id}/${slot}.png?expires=${expires}&sig=${signImageLink(template.id, slot, key, expires)}`;
    },
    /** The image behind a signed link: 403 for a bad or expired link (or one to a replaced image), 404 when gone. */
    async openTemplateImage(
      templateId: string,
      slot: string,
      expires: unknown,
      signature: unknown,
    ): Promise<{ status: 403 | 404 } | { status: 200; bytes: Buffer }> {
      if (!(slot in IMAGE_COLUMN) || !/^[0-9a-f-]{36}$/i.test(templateId)) return { status: 404 };
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature))
        return { status: 403 };
      if (Number(expires) * 1000 < Date.now()) return { status: 403 };
      const template = await repository.template(templateId);
      const key = template?.[IMAGE_COLUMN[slot as ImageSlot]];
      if (!template || !key) return { status: 404 };
      const expected = Buffer.from(signImageLink(templateId, slot as ImageSlot, key, Number(expires)));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { status: 403 };
      const bytes = await storage.get(key);
      return bytes ? { status: 200, bytes } : { status: 404 };
    },

    async overview(id: string, from: string, to: string) {
      const start = new Date(from);
      const end = new Date(to);
      if (end.getTime() < start.getTime()) throw badInput({ to: 'The end of the range is before its start.' });
      const days =
        Math.floor(
          (Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()) - Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate())) /
            86_400_000,
        ) + 1;
      if (days > 366) throw badInput({ from: 'Choose a range of at most 366 days.' });
      const { totals, series } = await repository.overview(id, start, end);
      return {
        issued: totals.issued,
        active: totals.active,
        addedToWallets: totals.added,
        scanned: totals.scanned,
        invalidated: totals.invalidated,
        series: series.map((point) => ({ date: point.date, issued: point.issued, added: point.added, scanned: point.scanned, invalidated: point.invalidated })),
      };
    },

    async list(projectId: string, args: { search: string | null; status: string | null; first: number; after: string | null }) {
      const filter = parseInput(
        z.object({
          search: z.string().trim().max(200, 'At most 200 characters').nullish(),
          status: z.enum(PASS_STATUSES).nullish(),
          first: z.number().int().min(1, 'At least 1').max(100, 'At most 100'),
          after: z.string().max(200, 'Not a cursor').nullish(),
        }),
        args,
      );
      const page = await repository.listPasses(projectId, {
        search: filter.search || null,
        status: filter.status ?? null,
        first: filter.first,
        afterId: filter.after ? decodeCursor(filter.after) : null,
      });
      return { items: page.rows, nextCursor: page.hasMore && page.rows.length ? encodeCursor(page.rows.at(-1)!.id) : null, totalCount: page.totalCount };
    },

    async pass(id: string): Promise<PassRow> {
      const pass = await repository.pass(id);
      if (!pass) throw notFound('Pass');
      return pass;
    },
    async passTemplate(pass: PassRow): Promise<PassTemplateRow> {
      return (await repository.template(pass.templateId))!;
    },
    passPolicies: (pass: PassRow) => repository.policiesByIds(pass.policyIds),
    async passFields(pass: PassRow): Promise<PassFields> {
      const [template, project] = await Promise.all([repository.template(pass.templateId), repository.project(pass.projectId)]);
      return renderPassFields(template!, pass, project!);
    },
    passScanStats: (pass: PassRow) => repository.scanStats(pass.id),
    passAddedToAppleWallet: (pass: PassRow) => repository.isAddedToAppleWallet(pass.id),
    async passEvents(pass: PassRow) {
      return (await repository.events(pass.id)).map(eventView);
    },
    appleWalletUrl(pass: PassRow): string {
      const files = deps.files();
      if (!files) throw new AppError('INTERNAL_SERVER_ERROR', 'Pass downloads are not available yet.');
      return files.appleWalletUrl(pass);
    },
    async googleWalletUrl(pass: PassRow): Promise<string> {
      const files = deps.files();
      if (!files) throw new AppError('INTERNAL_SERVER_ERROR', 'Google Wallet links are not available yet.');
      return files.googleWalletUrl(pass);
    },

    // --- Projects ---
    async createProject(accountId: string, input: unknown, userId: string | null) {
      const values = parseProjectInput(input);
      await repository.lockAccount(accountId);
      if ((await repository.countProjects(accountId)) >= PASS_PROJECTS_PER_ACCOUNT)
        throw new AppError('CONFLICT', `An account has at most ${PASS_PROJECTS_PER_ACCOUNT} pass projects.`);
      await assertProjectNameFree(accountId, values.name, null);
      const project = await repository.insertProject({ accountId, ...values, createdByUserId: userId });
      await repository.insertCredentials(developmentCredentialsRow(secretBox, project.id, userId));
      return project;
    },
    async updateProject(id: string, input: unknown) {
      const project = await projectOrFail(id);
      const values = parseProjectInput(input);
      await repository.lockAccount(project.accountId);
      await assertProjectNameFree(project.accountId, values.name, id);
      return repository.updateProject(id, values);
    },
    async deleteProject(id: string) {
      const project = await projectOrFail(id);
      const templates = await repository.listTemplates(id);
      await repository.deleteProject(project.id);
      // Images go once the deletion has committed.
      const keys = templates
        .flatMap((template) => [template.logoImageKey, template.iconImageKey, template.stripImageKey])
        .filter((key): key is string => Boolean(key));
      await afterCommit(async () => {
        await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
      });
      return true;
    },

    // --- Policies ---
    async createPolicy(projectId: string, input: Record<string, unknown>) {
      const values = parsePolicyInput(input);
      await repository.lockProject(projectId);
      if ((await repository.countPolicies(projectId)) >= PASS_POLICIES_PER_PROJECT)
        throw new AppError('CONFLICT', `A project has at most ${PASS_POLICIES_PER_PROJECT} policies.`);
      return repository.insertPolicy({ projectId, ...values });
    },
    async updatePolicy(id: string, input: Record<string, unknown>) {
      const existing = await repository.policy(id);
      if (!existing) throw notFound('Pass policy');
      const values = parsePolicyInput(input);
      return repository.updatePolicy(id, values);
    },
    async deletePolicy(id: string) {
      const policy = await repository.policy(id);
      if (!policy) throw notFound('Pass policy');
      const orphaned = await repository.activePassesOnlyAdmittedBy(id);
      for (const passId of orphaned) await invalidatePass(repository.db, passId, 'policyDeleted', { policyId: id, policyName: policy.name });
      await repository.deletePolicy(id);
      return true;
    },

    // --- Templates ---
    async createTemplate(projectId: string, input: unknown) {
      const values = parseTemplateInput(input);
      await repository.lockProject(projectId);
      if ((await repository.countTemplates(projectId)) >= PASS_TEMPLATES_PER_PROJECT)
        throw new AppError('CONFLICT', `A project has at most ${PASS_TEMPLATES_PER_PROJECT} templates.`);
      return repository.insertTemplate({ projectId, ...values });
    },
    async updateTemplate(id: string, input: unknown) {
      if (!(await repository.template(id))) throw notFound('Pass template');
      return repository.updateTemplate(id, parseTemplateInput(input));
    },
    async setTemplateImage(id: string, slot: ImageSlot, file: unknown) {
      const template = await repository.template(id);
      if (!template) throw notFound('Pass template');
      if (!(slot in IMAGE_COLUMN)) throw badInput({ slot: 'Choose logo, icon or strip.' });
      const column = IMAGE_COLUMN[slot];
      const previous = template[column];
      let key: string | null = null;
      if (file !== null && file !== undefined) {
        const bytes = uploadOf(file, 'file', PASS_IMAGE_MAX_BYTES, 'image');
        if (!isPng(bytes)) throw badInput({ file: 'The image must be a PNG file.' });
        key = await storage.put(bytes, 'image/png');
      }
      const updated = await repository.updateTemplate(id, { [column]: key });
      if (previous) {
        await afterCommit(async () => {
          await storage.delete(previous).catch(() => {});
        });
      }
      return updated;
    },
    async deleteTemplate(id: string) {
      const template = await repository.template(id);
      if (!template) throw notFound('Pass template');
      const used = await repository.templatePassCount(id);
      if (used > 0) throw new AppError('CONFLICT', `${used} ${used === 1 ? 'pass uses' : 'passes use'} this template, so it cannot be deleted.`);
      await repository.deleteTemplate(id);
      const keys = [template.logoImageKey, template.iconImageKey, template.stripImageKey].filter((key): key is string => Boolean(key));
      await afterCommit(async () => {
        await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
      });
      return true;
    },

    // --- API keys ---
    async createApiKey(projectId: string, name: string, userId: string | null) {
      const parsed = parseInput(z.object({ name: z.string().trim().min(1, 'Enter a name').max(80, 'At most 80 characters') }), { name });
      await repository.lockProject(projectId);
      if ((await repository.countActiveApiKeys(projectId)) >= PASS_API_KEYS_PER_PROJECT) {
        throw new AppError('CONFLICT', `A project has at most ${PASS_API_KEYS_PER_PROJECT} active keys: revoke one first.`);
      }
      const secret = `${PASS_API_KEY_PREFIX}${crypto.randomBytes(24).toString('base64url')}`;
      const apiKey = await repository.insertApiKey({
        projectId,
        name: parsed.name,
        keyPrefix: secret.slice(0, PASS_API_KEY_PREFIX.length + 6),
        keyHash: crypto.createHash('sha256').update(secret).digest('hex'),
        createdByUserId: userId,
      });
      return { apiKey, secret };
    },
    async revokeApiKey(id: string) {
      if (!(await repository.apiKey(id))) throw notFound('Pass project API key');
      return repository.revokeApiKey(id);
    },

    // --- Webhooks ---
    async createWebhook(projectId: string, input: { url: string; events: string[]; description: string | null }, _userId: string | null) {
      const project = await projectOrFail(projectId);
      const liveMode = !isTestModeOf(await credentialsOf(projectId));
      return webhooks.createForPassProject(project.accountId, projectId, { ...input, liveMode });
    },

    // --- Credentials ---
    async updateAppleCredentials(
      id: string,
      input: { passTypeIdentifier: string; teamIdentifier: string; certificate: unknown; certificatePassword: string | null },
      userId: string | null,
    ) {
      const bytes = uploadOf(input.certificate, 'certificate', PASS_CREDENTIAL_MAX_BYTES, 'certificate');
      // Read in a worker thread with a time limit (the file is the partner's, and parsing it could take any time), before
      // the first statement takes the mutation's database connection.
      const apple = await readAppleUpload({
        bytes,
        fileName: (input.certificate as UploadedFile).fileName,
        password: input.certificatePassword,
        passTypeIdentifier: input.passTypeIdentifier,
        teamIdentifier: input.teamIdentifier,
      });
      await credentialsOf(id);
      return credentialsChanged(id, await repository.updateCredentials(id, { ...appleColumns(secretBox, apple), updatedByUserId: userId }));
    },
    async updateGoogleCredentials(id: string, input: { issuerId: string; serviceAccountKey: unknown }, userId: string | null) {
      const bytes = uploadOf(input.serviceAccountKey, 'serviceAccountKey', PASS_CREDENTIAL_MAX_BYTES, 'service-account key');
      const google = await readGoogleUpload({ bytes, issuerId: input.issuerId, fileName: (input.serviceAccountKey as UploadedFile).fileName });
      await credentialsOf(id);
      return credentialsChanged(id, await repository.updateCredentials(id, { ...googleColumns(secretBox, google), updatedByUserId: userId }));
    },
    async resetCredentials(id: string, wallet: 'apple' | 'google', userId: string | null) {
      await credentialsOf(id);
      const values =
        wallet === 'apple'
          ? appleColumns(secretBox, generateDevelopmentAppleCredentials(id))
          : googleColumns(secretBox, generateDevelopmentGoogleCredentials(id));
      return credentialsChanged(id, await repository.updateCredentials(id, { ...values, updatedByUserId: userId }));
    },

    // --- Passes ---
    /** A test pass for a wallet the partner gives: POST /passes's path, without a signature, in test mode only. */
    async issueTestPass(projectId: string, input: unknown, log: Pick<FastifyBaseLogger, 'warn'>) {
      const project = await projectOrFail(projectId);
      const values = parseInput(testPassSchema, input);
      if (!isTestModeOf(await credentialsOf(projectId)))
        throw new AppError(
          'CONFLICT',
          'This project signs passes with your own Apple and Google credentials (live): its passes are issued through the REST API, signed by the holder.',
        );
      const chain = deps.chain();
      const files = deps.files();
      if (!chain || !files) throw new AppError('INTERNAL_SERVER_ERROR', 'Passes cannot be issued on this server.');
      let pass: PassRow;
      try {
        pass = await issuePass({ db: repository.db, passFiles: files, chain, imageMaxBytes: PASS_IMAGE_MAX_BYTES, log }, project, {
          holder: { kind: 'test', address: getAddress(values.walletAddress.toLowerCase()) },
          templateId: values.templateId,
          ...(values.nftContractAddress && values.nftTokenId
            ? { nft: { contractAddress: values.nftContractAddress.toLowerCase(), tokenId: BigInt(values.nftTokenId).toString() } }
            : {}),
        });
      } catch (error) {
        throw error instanceof PassesApiError ? dashboardError(error) : error;
      }
      const appleWalletUrl = `${config.PUBLIC_URL.replace(/\/$/, '')}${files.appleWalletUrl(pass)}`;
      return {
        pass,
        appleWalletUrl,
        googleWalletUrl: await files.googleWalletUrl(pass),
        qrCodeUrl: await QRCode.toDataURL(appleWalletUrl, { margin: 1, width: 240 }),
      };
    },
    async invalidate(id: string) {
      const pass = await repository.pass(id);
      if (!pass) throw notFound('Pass');
      return (await invalidatePass(repository.db, id, 'invalidatedByPartner')) ?? pass;
    },
  };
}

export type PassesService = ReturnType<typeof createPassesService>;
