// Passes (issue 17): Apple Wallet and Google Wallet passes tied to a wallet or an NFT, and NFT minting.

/** A pass's life: issued, then invalidated (by the partner, or because its NFT left the holder). */
export const PASS_STATUSES = ['active', 'invalidated'] as const;
export type PassStatus = (typeof PASS_STATUSES)[number];

export const PASS_INVALIDATION_REASONS = ['nftTransferred', 'invalidatedByPartner', 'policyDeleted'] as const;
export type PassInvalidationReason = (typeof PASS_INVALIDATION_REASONS)[number];

/** What happened to a pass: its status history and scans (pass_events.type). */
export const PASS_EVENT_TYPES = ['created', 'addedToAppleWallet', 'removedFromAppleWallet', 'scanned', 'invalidated'] as const;
export type PassEventType = (typeof PASS_EVENT_TYPES)[number];

/** Webhook events of a pass project, sent to the project's own endpoints. */
export const PASS_WEBHOOK_EVENT_TYPES = ['pass.created', 'pass.added', 'pass.scanned', 'pass.invalidated'] as const;
export type PassWebhookEventType = (typeof PASS_WEBHOOK_EVENT_TYPES)[number];

/** Who a policy entitles: listed wallets, or holders of a token of one NFT contract. */
export const PASS_POLICY_KINDS = ['wallets', 'nft'] as const;
export type PassPolicyKind = (typeof PASS_POLICY_KINDS)[number];

/** Apple's pass styles; Google's generic pass takes the same fields. */
export const PASS_STYLES = ['generic', 'eventTicket', 'storeCard', 'coupon'] as const;
export type PassStyle = (typeof PASS_STYLES)[number];

/** Barcode formats both wallets show. */
export const PASS_BARCODE_FORMATS = ['QR', 'PDF417', 'AZTEC', 'CODE128'] as const;
export type PassBarcodeFormat = (typeof PASS_BARCODE_FORMATS)[number];

/** The rows of fields a template lays out (Apple's names; Google maps them to its header and text modules). */
export const PASS_FIELD_GROUPS = ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'] as const;
export type PassFieldGroup = (typeof PASS_FIELD_GROUPS)[number];

/** How many fields each group holds (Apple shows at most this many on the front). */
export const PASS_FIELD_GROUP_LIMITS: Record<PassFieldGroup, number> = {
  headerFields: 3,
  primaryFields: 1,
  secondaryFields: 4,
  auxiliaryFields: 4,
  backFields: 10,
};

export interface PassField {
  key: string;
  label: string;
  /** Text, with placeholders filled per pass: {{holder}}, {{tokenId}}, {{contract}}, {{serial}}, {{project}}. */
  value: string;
}

export type PassFields = Record<PassFieldGroup, PassField[]>;

/** Placeholders a field value may use. */
export const PASS_FIELD_PLACEHOLDERS = ['holder', 'tokenId', 'contract', 'serial', 'project', 'externalId'] as const;

export interface PassTemplateColors {
  /** CSS rgb(…) or #rrggbb, as Apple's pass.json takes (converted to rgb(r, g, b) in the .pkpass). */
  background: string;
  foreground: string;
  label: string;
}

/** How the credentials of a project's wallet were provided. */
export const PASS_CREDENTIAL_SOURCES = ['development', 'partner'] as const;
export type PassCredentialSource = (typeof PASS_CREDENTIAL_SOURCES)[number];

/** Limits. */
export const PASS_PROJECTS_PER_ACCOUNT = 50;
export const PASS_POLICIES_PER_PROJECT = 50;
export const PASS_TEMPLATES_PER_PROJECT = 50;
export const PASS_API_KEYS_PER_PROJECT = 10;
export const PASS_POLICY_WALLETS_MAX = 1000;
export const PASS_POLICY_TOKEN_IDS_MAX = 1000;
/** A server-issued sign-in nonce works once, within this many minutes. */
export const PASS_NONCE_TTL_MINUTES = 10;
/** A signed message older than this (issuedAt) is refused even without an expirationTime. */
export const PASS_MESSAGE_MAX_AGE_MINUTES = 10;
/** Images in templates and passes (PNG), at most this many bytes. */
export const PASS_IMAGE_MAX_BYTES = 1_000_000;
/** Apple certificate (.p12 or PEM) and Google service-account key (JSON) uploads, at most this many bytes. */
export const PASS_CREDENTIAL_MAX_BYTES = 64_000;

/** The API key prefix of a pass project's keys. */
export const PASS_API_KEY_PREFIX = 'pass_sk_';

/** The network code of the built-in local EVM chain (development and tests). */
export const LOCAL_EVM_NETWORK_CODE = 'local_evm';
export const LOCAL_EVM_CHAIN_ID = 31337;

/** A new template's starting point: a membership card whose words fit the kind of pass (only NFT passes have a token). */
export function defaultPassTemplate(projectName: string, kind: PassPolicyKind) {
  const nft = kind === 'nft';
  return {
    name: 'Membership',
    style: 'generic' as PassStyle,
    organizationName: projectName,
    description: `${projectName} membership`,
    logoText: projectName,
    colors: { background: '#1e293b', foreground: '#ffffff', label: '#94a3b8' },
    fields: {
      headerFields: [{ key: 'tier', label: 'Tier', value: 'Gold' }],
      primaryFields: [{ key: 'member', label: 'Member', value: '{{holder}}' }],
      secondaryFields: nft ? [{ key: 'token', label: 'Token', value: '#{{tokenId}}' }] : [{ key: 'club', label: 'Club', value: '{{project}}' }],
      auxiliaryFields: [{ key: 'serial', label: 'Serial', value: '{{serial}}' }],
      backFields: [
        { key: 'terms', label: 'Terms', value: nft ? 'Valid while you hold the NFT.' : 'Valid for the wallet it was issued to, while {{project}} lists it.' },
      ],
    } satisfies PassFields,
    barcodeFormat: 'QR' as PassBarcodeFormat,
  };
}
