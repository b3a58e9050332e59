import { graphql } from '@/gql';

export const ApplicationRowFragment = graphql(`
  fragment KybReview_ApplicationRow on KybApplication {
    id
    organizationId
    organizationName
    country
    industry
    level
    status
    productInterests
    submittedAt
    updatedAt
  }
`);

export const ApplicationsQuery = graphql(`
  query KybReview_Applications(
    $status: [ReviewStatusValue!]
    $country: String
    $product: String
    $submittedBefore: DateTime
    $search: String
    $skip: Int
    $take: Int
  ) {
    kybApplications(status: $status, country: $country, product: $product, submittedBefore: $submittedBefore, search: $search, skip: $skip, take: $take) {
      totalCount
      items {
        id
        ...KybReview_ApplicationRow
      }
    }
  }
`);

export const DecisionFragment = graphql(`
  fragment KybReview_Decision on KybDecision {
    id
    status
    reason
    decidedByName
    createdAt
  }
`);

export const ApplicationDetailFragment = graphql(`
  fragment KybReview_ApplicationDetail on KybApplication {
    id
    ...Kyb_Application
    country
    industry
    productInterests
    decidedAt
    createdAt
    decisions {
      id
      ...KybReview_Decision
    }
  }
`);

export const ApplicationQuery = graphql(`
  query KybReview_Application($id: ID!) {
    kybApplicationForReview(id: $id) {
      id
      ...KybReview_ApplicationDetail
    }
  }
`);

export const DocumentLinkQuery = graphql(`
  query KybReview_DocumentLink($id: ID!) {
    kybDocumentLink(id: $id) {
      url
      expiresAt
    }
  }
`);

export const UpdateReviewMutation = graphql(`
  mutation KybReview_UpdateReview($applicationId: ID!, $status: ReviewStatusValue!, $reason: String) {
    updateReview(applicationId: $applicationId, status: $status, reason: $reason) {
      id
      ...KybReview_ApplicationDetail
    }
  }
`);

/** The organization's accounts (by its id), to list each account's onboarding domains. */
export const OrganizationAccountsQuery = graphql(`
  query KybReview_OrganizationAccounts($search: String!) {
    organizations(search: $search, take: 5) {
      id
      accounts {
        id
        name
      }
    }
  }
`);

export const AccountDomainsQuery = graphql(`
  query KybReview_AccountDomains($id: ID!) {
    account(id: $id) {
      id
      name
      domainReviews {
        domain
        status
        reason
        updatedAt
      }
    }
  }
`);

export const UpdateDomainReviewMutation = graphql(`
  mutation KybReview_UpdateDomainReview($accountId: ID!, $domain: String!, $status: String!, $reason: String) {
    updateDomainReview(accountId: $accountId, domain: $domain, status: $status, reason: $reason) {
      domain
      status
      reason
      updatedAt
    }
  }
`);

/** The lists the filters and the blocked list choose from. */
export const ReferenceListsQuery = graphql(`
  query KybReview_ReferenceLists {
    getCountries {
      code
      name
    }
    businessIndustries
  }
`);
