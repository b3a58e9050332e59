import { labelOf } from '@/lib/labels';

// Words for the passes enums. TODO(lead): move to packages/shared/src/labels.ts (LABELLED_ENUMS) if passes-graphql
// adds them there; screens only call the functions below.

const STATUS: Record<string, string> = { active: 'Active', invalidated: 'Invalidated' };
const REASON: Record<string, string> = {
  nftTransferred: 'NFT transferred',
  invalidatedByPartner: 'Invalidated by you',
  policyDeleted: 'Policy deleted',
};
const EVENT: Record<string, string> = {
  created: 'Issued',
  addedToAppleWallet: 'Added to Apple Wallet',
  removedFromAppleWallet: 'Removed from Apple Wallet',
  scanned: 'Scanned',
  invalidated: 'Invalidated',
};
const POLICY_KIND: Record<string, string> = { wallets: 'Wallets', nft: 'NFT contract' };
const STYLE: Record<string, string> = { generic: 'Generic', eventTicket: 'Event ticket', storeCard: 'Store card', coupon: 'Coupon' };
const BARCODE: Record<string, string> = { QR: 'QR code', PDF417: 'PDF417', AZTEC: 'Aztec', CODE128: 'Code 128' };
const SOURCE: Record<string, string> = { development: 'Development credentials', partner: 'Your credentials' };
const WEBHOOK_EVENT: Record<string, string> = {
  'pass.created': 'Pass issued',
  'pass.added': 'Pass added to a wallet',
  'pass.scanned': 'Pass scanned',
  'pass.invalidated': 'Pass invalidated',
};
const NETWORK: Record<string, string> = { local_evm: 'Local chain (development)', ethereum: 'Ethereum', polygon: 'Polygon', base: 'Base' };

export const labelOfPassStatus = (value: string | null | undefined) => labelOf(STATUS, value);
export const labelOfInvalidationReason = (value: string | null | undefined) => labelOf(REASON, value);
export const labelOfPassEvent = (value: string | null | undefined) => labelOf(EVENT, value);
export const labelOfPolicyKind = (value: string | null | undefined) => labelOf(POLICY_KIND, value);
export const labelOfPassStyle = (value: string | null | undefined) => labelOf(STYLE, value);
export const labelOfBarcodeFormat = (value: string | null | undefined) => labelOf(BARCODE, value);
export const labelOfCredentialSource = (value: string | null | undefined) => labelOf(SOURCE, value);
export const labelOfPassWebhookEvent = (value: string | null | undefined) => labelOf(WEBHOOK_EVENT, value);
export const labelOfNetwork = (value: string | null | undefined) => labelOf(NETWORK, value);
