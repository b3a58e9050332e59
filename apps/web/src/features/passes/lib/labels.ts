import {
  labelOf,
  PASS_BARCODE_FORMAT_LABEL,
  PASS_CREDENTIAL_SOURCE_LABEL,
  PASS_EVENT_LABEL,
  PASS_INVALIDATION_REASON_LABEL,
  PASS_POLICY_KIND_LABEL,
  PASS_STATUS_LABEL,
  PASS_STYLE_LABEL,
  PASS_WEBHOOK_EVENT_LABEL,
} from '@/lib/labels';

// The passes enums in words (tables in @rampart/shared/labels); screens only call these.

/** Network codes a policy or pass names; others read as words. */
const NETWORK: Record<string, string> = {
  local_evm: 'Rampart local chain (development)',
  ethereum: 'Ethereum',
  polygon: 'Polygon',
  arbitrum: 'Arbitrum One',
  optimism: 'OP Mainnet',
  base: 'Base',
  avalanche_c_chain: 'Avalanche C-Chain',
  bnb_chain: 'BNB Smart Chain',
};

/** EVM networks an NFT policy may name besides the configured chain (the server's list). */
export const NFT_POLICY_NETWORKS = ['ethereum', 'polygon', 'arbitrum', 'optimism', 'base', 'avalanche_c_chain', 'bnb_chain'] as const;

export const labelOfPassStatus = (value: string | null | undefined) => labelOf(PASS_STATUS_LABEL, value);
export const labelOfInvalidationReason = (value: string | null | undefined) => labelOf(PASS_INVALIDATION_REASON_LABEL, value);
export const labelOfPassEvent = (value: string | null | undefined) => labelOf(PASS_EVENT_LABEL, value);
export const labelOfPolicyKind = (value: string | null | undefined) => labelOf(PASS_POLICY_KIND_LABEL, value);
export const labelOfPassStyle = (value: string | null | undefined) => labelOf(PASS_STYLE_LABEL, value);
export const labelOfBarcodeFormat = (value: string | null | undefined) => labelOf(PASS_BARCODE_FORMAT_LABEL, value);
export const labelOfCredentialSource = (value: string | null | undefined) => labelOf(PASS_CREDENTIAL_SOURCE_LABEL, value);
export const labelOfPassWebhookEvent = (value: string | null | undefined) => labelOf(PASS_WEBHOOK_EVENT_LABEL, value);
export const labelOfNetwork = (value: string | null | undefined) => labelOf(NETWORK, value);
