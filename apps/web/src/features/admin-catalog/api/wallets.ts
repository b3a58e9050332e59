import { graphql } from '@/gql';

export const WalletAddressFragment = graphql(`
  fragment AdminCatalog_WalletAddress on WalletAddress {
    id
    address
    isBlocked
    blockReason
    blockedAt
    isTrusted
    trustReason
    trustedAt
    updatedBy
    updatedAt
  }
`);

export const WalletAddressesQuery = graphql(`
  query AdminCatalog_WalletAddresses($search: String, $skip: Int, $take: Int) {
    walletAddresses(search: $search, skip: $skip, take: $take) {
      totalCount
      items {
        id
        ...AdminCatalog_WalletAddress
      }
    }
  }
`);

export const BlockWalletAddressMutation = graphql(`
  mutation AdminCatalog_BlockWalletAddress($address: String!, $reason: String!) {
    blockWalletAddress(address: $address, reason: $reason) {
      id
      ...AdminCatalog_WalletAddress
    }
  }
`);

export const UnblockWalletAddressMutation = graphql(`
  mutation AdminCatalog_UnblockWalletAddress($address: String!, $reason: String!) {
    unblockWalletAddress(address: $address, reason: $reason) {
      id
      ...AdminCatalog_WalletAddress
    }
  }
`);

export const TrustWalletAddressMutation = graphql(`
  mutation AdminCatalog_TrustWalletAddress($address: String!, $reason: String!) {
    trustWalletAddress(address: $address, reason: $reason) {
      id
      ...AdminCatalog_WalletAddress
    }
  }
`);

export const UntrustWalletAddressMutation = graphql(`
  mutation AdminCatalog_UntrustWalletAddress($address: String!, $reason: String!) {
    untrustWalletAddress(address: $address, reason: $reason) {
      id
      ...AdminCatalog_WalletAddress
    }
  }
`);
