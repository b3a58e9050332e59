import { graphql } from '@/gql';

/** What the support chat needs from the selected account (spread by the shell's account query). */
export const SupportAccountFragment = graphql(`
  fragment Support_Account on Account {
    id
    organization {
      id
      name
      subscriptionPlanType
    }
  }
`);

export const SupportUserHashQuery = graphql(`
  query Support_UserHash($accountId: ID!) {
    userHash(accountId: $accountId) {
      userHash
    }
  }
`);

export const SupportCreateContactMutation = graphql(`
  mutation Support_CreateContact($email: String!, $name: String!, $companyName: String!, $companyId: ID!) {
    createSupportContact(email: $email, name: $name, companyName: $companyName, companyId: $companyId)
  }
`);
