import { graphql } from '@/gql';

// Support_MessageFields: lib/graphql/support-fragments.ts (shared with the other side of the conversation).

export const AdminSupportRequestFragment = graphql(`
  fragment AdminSupport_Request on SupportRequest {
    id
    accountId
    accountName
    organizationName
    plan
    subject
    status
    openedBy
    createdAt
    updatedAt
    messages {
      ...Support_MessageFields
    }
  }
`);

export const SupportInboxQuery = graphql(`
  query AdminSupport_Inbox($status: SupportRequestStatus, $skip: Int, $take: Int) {
    staffSupportRequests(status: $status, skip: $skip, take: $take) {
      totalCount
      items {
        ...AdminSupport_Request
      }
    }
  }
`);

export const SupportRequestQuery = graphql(`
  query AdminSupport_Request($id: ID!) {
    staffSupportRequest(id: $id) {
      ...AdminSupport_Request
    }
  }
`);

export const AnswerSupportRequestMutation = graphql(`
  mutation AdminSupport_Answer($id: ID!, $body: String!) {
    answerSupportRequest(id: $id, body: $body) {
      ...AdminSupport_Request
    }
  }
`);

export const CloseSupportRequestMutation = graphql(`
  mutation AdminSupport_Close($id: ID!) {
    closeSupportRequest(id: $id) {
      ...AdminSupport_Request
    }
  }
`);
