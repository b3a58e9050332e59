import { graphql } from '@/gql';

/** The organization's "Require SSO" and whether this administrator may turn it on (signed in with SSO). */
export const SsoRequirementQuery = graphql(`
  query Sso_Requirement($accountId: ID!) {
    account(id: $accountId) {
      id
      organization {
        id
        name
        requireSso
      }
    }
    currentSession {
      id
      authMethod
    }
  }
`);

export const SsoSetRequireSsoMutation = graphql(`
  mutation Sso_SetRequireSso($accountId: ID!, $required: Boolean!) {
    setRequireSso(accountId: $accountId, required: $required) {
      id
      requireSso
    }
  }
`);

/** Which password the signed-in user signs in with: Rampart's, the identity provider's, or both. */
export const SsoPasswordModelQuery = graphql(`
  query Sso_PasswordModel {
    me {
      id
      isSsoRequired
      isSsoLinked
      hasPassword
    }
  }
`);
