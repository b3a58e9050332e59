import { graphql } from '@/gql';

/** What the account switcher and the selection rules need from a membership. */
export const AccountsMembershipFragment = graphql(`
  fragment Accounts_Membership on Membership {
    id
    role
    account {
      id
      name
      isVerified
      isDemo
    }
  }
`);
