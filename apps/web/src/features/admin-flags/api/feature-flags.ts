import { graphql } from '@/gql';

export const StaffFeatureFlagFragment = graphql(`
  fragment AdminFlags_Flag on StaffFeatureFlag {
    key
    description
    defaultValue
    otherRuleCount
    updatedAt
    overrides {
      contextKind
      contextKey
      contextName
      enabled
    }
  }
`);

export const StaffFeatureFlagsQuery = graphql(`
  query AdminFlags_List {
    staffFeatureFlags {
      ...AdminFlags_Flag
    }
  }
`);

export const SetFeatureFlagMutation = graphql(`
  mutation AdminFlags_Set($flag: String!, $organizationId: ID, $accountId: ID, $enabled: Boolean, $reason: String!) {
    setFeatureFlag(flag: $flag, organizationId: $organizationId, accountId: $accountId, enabled: $enabled, reason: $reason) {
      ...AdminFlags_Flag
    }
  }
`);

/** Organizations and their accounts to set a value for (staff with organization:view, which every flag role has). */
export const FlagTargetsQuery = graphql(`
  query AdminFlags_Targets($search: String) {
    organizations(search: $search, take: 8) {
      id
      name
      accounts {
        id
        name
      }
    }
  }
`);
