import { graphql } from '@/gql';

export const HelioMerchantAccountFragment = graphql(`
  fragment Commerce_MerchantAccount on HelioMerchantAccount {
    accountId
    provider
    merchantId
    status
    businessName
    contactEmail
    createdAt
    onboardingCompletedAt
  }
`);

// What each step of onboarding answers with: where to continue, and the merchant account so far.
export const HelioOnboardingFragment = graphql(`
  fragment Commerce_Onboarding on HelioOnboarding {
    provider
    redirectUrl
    redirectUrlExpiresAt
    merchantAccount {
      ...Commerce_MerchantAccount
    }
  }
`);

export const HelioOnboardingQuery = graphql(`
  query Commerce_Onboarding($accountId: ID!) {
    getPartnerHelioOnboarding(accountId: $accountId) {
      ...Commerce_Onboarding
    }
  }
`);

export const RefreshedHelioRedirectQuery = graphql(`
  query Commerce_RefreshedRedirect($accountId: ID!) {
    getRefreshedHelioRedirectUrl(accountId: $accountId) {
      ...Commerce_Onboarding
    }
  }
`);

export const CreateHelioMerchantAccountMutation = graphql(`
  mutation Commerce_CreateMerchantAccount($accountId: ID!, $input: HelioMerchantAccountInput!) {
    createHelioMerchantAccount(accountId: $accountId, input: $input) {
      ...Commerce_Onboarding
    }
  }
`);

// Currencies_CryptoCurrency: lib/graphql/currency-fragments.ts (the payout settings choose from the same catalogue).

export const HelioWalletFragment = graphql(`
  fragment Commerce_Wallet on HelioWallet {
    id
    walletAddress
    walletAddressTag
    createdAt
    updatedAt
    heldByHelio
  }
`);

export const HelioWalletsQuery = graphql(`
  query Commerce_Wallets($accountId: ID!) {
    getHelioWallets(accountId: $accountId) {
      ...Commerce_Wallet
      currency {
        id
        ...Currencies_CryptoCurrency
      }
    }
    cryptoCurrencies {
      id
      ...Currencies_CryptoCurrency
    }
    getPartnerHelioOnboarding(accountId: $accountId) {
      provider
      merchantAccount {
        accountId
        status
      }
    }
  }
`);

export const AddHelioWalletMutation = graphql(`
  mutation Commerce_AddWallet($accountId: ID!, $input: HelioWalletInput!) {
    addHelioWallet(accountId: $accountId, input: $input) {
      ...Commerce_Wallet
    }
  }
`);

export const UpdateHelioWalletMutation = graphql(`
  mutation Commerce_UpdateWallet($id: ID!, $input: HelioWalletUpdateInput!) {
    updateHelioWallet(id: $id, input: $input) {
      ...Commerce_Wallet
    }
  }
`);

export const DeleteHelioWalletMutation = graphql(`
  mutation Commerce_DeleteWallet($id: ID!) {
    deleteHelioWallet(id: $id)
  }
`);

export const SandboxHelioOnboardingQuery = graphql(`
  query Commerce_SandboxOnboarding($token: String!) {
    sandboxHelioOnboarding(token: $token) {
      accountName
      businessName
      contactEmail
      expiresAt
    }
  }
`);

export const CompleteSandboxHelioOnboardingMutation = graphql(`
  mutation Commerce_CompleteSandboxOnboarding($token: String!, $outcome: SandboxHelioOutcome!) {
    completeSandboxHelioOnboarding(token: $token, outcome: $outcome)
  }
`);
