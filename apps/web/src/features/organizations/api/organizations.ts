import { graphql } from '@/gql';

export const OrganizationsSearchQuery = graphql(`
  query Organizations_Search($search: String, $skip: Int, $take: Int) {
    organizations(search: $search, skip: $skip, take: $take) {
      id
      name
      publicName
      accessTier
      subscriptionPlanType
      accounts {
        id
        name
        internalName
        status
      }
    }
  }
`);
