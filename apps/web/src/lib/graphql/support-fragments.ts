import { graphql } from '@/gql';

// A support request's messages as the partner's support popover (features/support) and the staff's inbox
// (features/admin-support) both show them: selected once here, since features do not import each other.

export const SupportMessageFieldsFragment = graphql(`
  fragment Support_MessageFields on SupportMessage {
    id
    body
    fromStaff
    authorName
    createdAt
  }
`);
