import { graphql } from '@/gql';

// Support_MessageFields: lib/graphql/support-fragments.ts (shared with the other side of the conversation).

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

/** A support request as its partner reads it: the conversation with the provider's support staff. */
export const SupportRequestFragment = graphql(`
  fragment Support_Request on SupportRequest {
    id
    subject
    status
    updatedAt
    messages {
      ...Support_MessageFields
    }
  }
`);

export const SupportRequestsQuery = graphql(`
  query Support_Requests($accountId: ID!) {
    supportRequests(accountId: $accountId) {
      ...Support_Request
    }
  }
`);

export const CreateSupportRequestMutation = graphql(`
  mutation Support_CreateRequest($accountId: ID!, $subject: String!, $body: String!) {
    createSupportRequest(accountId: $accountId, subject: $subject, body: $body) {
      ...Support_Request
    }
  }
`);

export const ReplyToSupportRequestMutation = graphql(`
  mutation Support_Reply($id: ID!, $body: String!) {
    replyToSupportRequest(id: $id, body: $body) {
      ...Support_Request
    }
  }
`);
