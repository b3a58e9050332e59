import { getAddress } from 'viem';
import type { passPolicies } from '../../db/schema/passes.ts';

export type PassPolicyRow = typeof passPolicies.$inferSelect;

/** What the policy check reads of the chain (services.chain, lib/chain). */
export interface OwnershipReader {
  chainId: number;
  networkCode: string;
  /** The token's owner, or null when it does not exist (burned, never minted, not an ERC-721). */
  ownerOf(contract: `0x${string}`, tokenId: bigint): Promise<`0x${string}` | null>;
}

export interface NftClaim {
  /** Lower-case 0x address. */
  contractAddress: string;
  /** Decimal string. */
  tokenId: string;
}

export type PolicyDecision =
  | { admitted: true; policy: PassPolicyRow; nft: (NftClaim & { chainId: number; networkCode: string }) | null }
  | { admitted: false; reasons: Array<{ policyId: string; policyName: string; reason: string }> };

/** Whether one policy admits the holder; a sentence saying why not when it does not. */
async function checkPolicy(policy: PassPolicyRow, holder: `0x${string}`, nft: NftClaim | null, chain: OwnershipReader): Promise<string | null> {
  const lowerHolder = holder.toLowerCase();
  if (policy.kind === 'wallets') {
    return policy.walletAddresses.some((address) => address.toLowerCase() === lowerHolder) ? null : `${holder} is not one of the policy's wallets.`;
  }
  if (!policy.contractAddress) return 'The policy names no NFT contract.';
  if (!nft) return `The policy admits holders of an NFT of ${policy.contractAddress}: send nft {contractAddress, tokenId}.`;
  if (policy.chainId !== null && policy.chainId !== chain.chainId) {
    return `The policy's contract is on chain id ${policy.chainId}; this server reads chain id ${chain.chainId}.`;
  }
  if (nft.contractAddress.toLowerCase() !== policy.contractAddress.toLowerCase())
    return `The NFT's contract ${nft.contractAddress} is not the policy's contract ${policy.contractAddress}.`;
  if (policy.tokenIds.length > 0 && !policy.tokenIds.includes(nft.tokenId)) return `Token ${nft.tokenId} is not one of the policy's token ids.`;
  let owner: `0x${string}` | null;
  try {
    owner = await chain.ownerOf(getAddress(nft.contractAddress), BigInt(nft.tokenId));
  } catch (error) {
    return `The chain could not be read (${error instanceof Error ? error.message.split('\n')[0] : 'unknown error'}).`;
  }
  if (!owner) return `Token ${nft.tokenId} of ${nft.contractAddress} does not exist on chain.`;
  if (owner.toLowerCase() !== lowerHolder) return `Token ${nft.tokenId} of ${nft.contractAddress} is held by ${getAddress(owner)}, not by ${holder}.`;
  return null;
}

/**
 * The first policy (in the given order) that admits the holder. NFT policies are checked against the chain (ownerOf).
 * When refused, every policy's reason is returned.
 */
export async function checkPolicies(policies: PassPolicyRow[], holder: `0x${string}`, nft: NftClaim | null, chain: OwnershipReader): Promise<PolicyDecision> {
  const reasons: Array<{ policyId: string; policyName: string; reason: string }> = [];
  for (const policy of policies) {
    const reason = await checkPolicy(policy, holder, nft, chain);
    if (reason === null) {
      return {
        admitted: true,
        policy,
        nft:
          policy.kind === 'nft' && nft
            ? { contractAddress: nft.contractAddress.toLowerCase(), tokenId: nft.tokenId, chainId: chain.chainId, networkCode: chain.networkCode }
            : null,
      };
    }
    reasons.push({ policyId: policy.id, policyName: policy.name, reason });
  }
  return { admitted: false, reasons };
}

/** Whether an NFT-bound pass's holder still holds its token (scans re-check it). */
export async function stillHoldsToken(
  chain: OwnershipReader,
  pass: { holderAddress: string; contractAddress: string; tokenId: string },
): Promise<{ holds: boolean; owner: `0x${string}` | null }> {
  const owner = await chain.ownerOf(getAddress(pass.contractAddress), BigInt(pass.tokenId));
  return { holds: owner !== null && owner.toLowerCase() === pass.holderAddress.toLowerCase(), owner };
}
