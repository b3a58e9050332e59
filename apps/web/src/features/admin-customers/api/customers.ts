import { graphql } from '@/gql';

export const AdminCustomersFields = graphql(`
  fragment AdminCustomers_Fields on StaffCustomer {
    id
    accountId
    accountName
    organizationName
    liveMode
    externalCustomerId
    email
    firstName
    lastName
    address {
      country
    }
    defaultCurrency
    identityCheck {
      level
      status
      result
    }
    isBlocked
    isDeleted
    piiMasked
    createdAt
  }
`);

export const StaffCustomersQuery = graphql(`
  query AdminCustomers_Search($searchString: String, $skip: Int, $take: Int) {
    staffCustomers(searchString: $searchString, skip: $skip, take: $take) {
      hasMore
      items {
        ...AdminCustomers_Fields
      }
    }
  }
`);

export const StaffCustomerQuery = graphql(`
  query AdminCustomers_Detail($id: ID!) {
    staffCustomer(id: $id) {
      ...AdminCustomers_Fields
      updatedAt
      transactionCount
      files {
        id
        type
        reviewResult
        createdAt
      }
      eddReviews {
        id
        status
        flagReason
        createdAt
        decisionReason
        decidedByName
      }
    }
  }
`);

export const UpdateStaffCustomerMutation = graphql(`
  mutation AdminCustomers_Update($id: ID!, $input: StaffCustomerInput!) {
    updateStaffCustomer(id: $id, input: $input) {
      ...AdminCustomers_Fields
      updatedAt
    }
  }
`);

export const ApproveIdentityCheckMutation = graphql(`
  mutation AdminCustomers_ApproveIdentityCheck($id: ID!, $reason: String!) {
    approveIdentityCheck(id: $id, reason: $reason) {
      ...AdminCustomers_Fields
    }
  }
`);

export const RejectIdentityCheckMutation = graphql(`
  mutation AdminCustomers_RejectIdentityCheck($id: ID!, $reason: String!) {
    rejectIdentityCheck(id: $id, reason: $reason) {
      ...AdminCustomers_Fields
    }
  }
`);

export const ResetIdentityCheckMutation = graphql(`
  mutation AdminCustomers_ResetIdentityCheck($id: ID!, $reason: String!) {
    resetIdentityCheck(id: $id, reason: $reason) {
      ...AdminCustomers_Fields
    }
  }
`);

export const DeleteCustomerMutation = graphql(`
  mutation AdminCustomers_Delete($id: ID!, $reason: String!) {
    deleteCustomer(id: $id, reason: $reason) {
      ...AdminCustomers_Fields
    }
  }
`);

export const FlagForEddMutation = graphql(`
  mutation AdminCustomers_FlagForEdd($customerId: ID!, $reason: String!) {
    flagCustomerForEdd(customerId: $customerId, reason: $reason) {
      id
      status
    }
  }
`);

export const EddQueueQuery = graphql(`
  query AdminEdd_Queue($skip: Int, $take: Int) {
    eddReviews(skip: $skip, take: $take) {
      hasMore
      pendingCount
      items {
        id
        status
        flagReason
        flaggedByName
        createdAt
        notes {
          at
          byName
          text
        }
        customer {
          id
          email
          firstName
          lastName
          accountName
          organizationName
          externalCustomerId
          piiMasked
        }
      }
    }
  }
`);

export const AddEddNoteMutation = graphql(`
  mutation AdminEdd_AddNote($id: ID!, $note: String!) {
    addEddNote(id: $id, note: $note) {
      id
      notes {
        at
        byName
        text
      }
    }
  }
`);

export const ApproveEddReviewMutation = graphql(`
  mutation AdminEdd_Approve($id: ID!, $reason: String!) {
    approveEddReview(id: $id, reason: $reason) {
      id
      status
    }
  }
`);

export const RejectEddReviewMutation = graphql(`
  mutation AdminEdd_Reject($id: ID!, $reason: String!) {
    rejectEddReview(id: $id, reason: $reason) {
      id
      status
    }
  }
`);
