import { graphql } from '@/gql';

export const StaffOrganizationQuery = graphql(`
  query AdminOrganizations_Organization($id: ID!) {
    staffOrganization(id: $id) {
      organization {
        id
        name
        publicName
        subscriptionPlanType
        accessTier
      }
      kybStatus
      kybLevel
      accounts {
        account {
          id
          name
          internalName
          status
          isVerified
          isSelfService
          createdAt
          whiteGloveInformation {
            requiresEnhancedKyb
          }
          kybInformation {
            kybLevelRequiredToGoLive
            manuallyRequestedKybLevel
          }
          memberships {
            id
            role
            hasAcceptedInvite
            user {
              id
              name
              email
            }
          }
        }
        statusHistory {
          status
          previousStatus
          reason
          changedAt
          changedBy
          changedByRole
        }
      }
    }
  }
`);

export const UpdatePartnerOrganizationMutation = graphql(`
  mutation AdminOrganizations_UpdateOrganization($id: ID!, $name: String!, $publicName: String) {
    updatePartnerOrganization(id: $id, name: $name, publicName: $publicName) {
      id
      name
      publicName
    }
  }
`);

export const UpdatePartnerAccountMutation = graphql(`
  mutation AdminOrganizations_UpdateAccount($accountId: ID!, $input: PartnerAccountInput!) {
    updatePartnerAccount(accountId: $accountId, input: $input) {
      id
      name
      internalName
      whiteGloveInformation {
        requiresEnhancedKyb
      }
      kybInformation {
        kybLevelRequiredToGoLive
        manuallyRequestedKybLevel
      }
    }
  }
`);

export const EnableAccountMutation = graphql(`
  mutation AdminOrganizations_EnableAccount($accountId: ID!, $reason: String!) {
    enableAccount(accountId: $accountId, reason: $reason) {
      id
      status
    }
  }
`);

export const DisableAccountMutation = graphql(`
  mutation AdminOrganizations_DisableAccount($accountId: ID!, $reason: String!) {
    disableAccount(accountId: $accountId, reason: $reason) {
      id
      status
    }
  }
`);

export const CloseAccountMutation = graphql(`
  mutation AdminOrganizations_CloseAccount($accountId: ID!, $reason: String!) {
    closeAccount(accountId: $accountId, reason: $reason) {
      id
      status
    }
  }
`);

export const CreatePartnerOrganizationMutation = graphql(`
  mutation AdminOrganizations_Create($input: PartnerOrganizationInput!) {
    createPartnerOrganization(input: $input) {
      organization {
        id
        name
      }
    }
  }
`);
