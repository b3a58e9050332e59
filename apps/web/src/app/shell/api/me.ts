import { graphql } from '@/gql';

// The shell fetches the signed-in user once and hands fragments to the features that use them. The memberships lead
// with the account stored on this device, else the one last selected on any device (the fallback takes the first).
export const ShellMeQuery = graphql(`
  query Shell_Me($selectedAccountId: ID) {
    me(selectedAccountId: $selectedAccountId) {
      id
      adminRole
      ...Auth_CurrentUser
      memberships(take: 100) {
        id
        ...Accounts_Membership
      }
    }
  }
`);

/** The selected account (a membership's or one a staff user opened): verification and what the support chat needs. */
export const ShellSelectedAccountQuery = graphql(`
  query Shell_SelectedAccount($accountId: ID!) {
    account(id: $accountId) {
      id
      name
      isVerified
      canUseLiveMode
      isDemo
      status
      ...Support_Account
      ...Billing_BannerAccount
    }
  }
`);

export const ShellFeatureFlagsQuery = graphql(`
  query Shell_FeatureFlags($accountId: ID) {
    featureFlags(accountId: $accountId) {
      key
      enabled
    }
  }
`);
