import { graphql } from '@/gql';

// The shell fetches the signed-in user once and hands fragments to the features that use them.
export const ShellMeQuery = graphql(`
  query Shell_Me {
    me {
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
      ...Support_Account
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
