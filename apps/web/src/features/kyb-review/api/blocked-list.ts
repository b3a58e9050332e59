import { graphql } from '@/gql';

export const BlockedListEntryFragment = graphql(`
  fragment KybReview_BlockedListEntry on BlockedListEntry {
    id
    kind
    value
    action
    reason
    createdAt
  }
`);

export const BlockedListQuery = graphql(`
  query KybReview_BlockedList {
    blockedCountriesAndIndustries {
      id
      ...KybReview_BlockedListEntry
    }
  }
`);

export const UpsertBlockedListEntryMutation = graphql(`
  mutation KybReview_UpsertBlockedListEntry($kind: BlockedListKind!, $value: String!, $action: BlockedAction!, $reason: String!) {
    upsertBlockedListEntry(kind: $kind, value: $value, action: $action, reason: $reason) {
      id
      ...KybReview_BlockedListEntry
    }
  }
`);

export const DeleteBlockedListEntryMutation = graphql(`
  mutation KybReview_DeleteBlockedListEntry($id: ID!) {
    deleteBlockedListEntry(id: $id)
  }
`);
