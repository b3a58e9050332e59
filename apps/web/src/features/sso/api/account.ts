import { graphql } from '@/gql';

/** How the session making the request was signed in: `sso` means the identity provider owns the profile. */
export const SsoCurrentSessionQuery = graphql(`
  query Sso_CurrentSession {
    currentSession {
      id
      authMethod
    }
  }
`);

/** The provider's configuration (Sso_Endpoints: api/sso.ts) with whether its account-management API is used. */
export const SsoAccountManagementQuery = graphql(`
  query Sso_AccountManagement {
    ssoConfiguration {
      ...Sso_Endpoints
      accountManagement
    }
  }
`);

/** Copies the name and primary e-mail of a fresh ID token onto the Rampart user (the header shows them). */
export const SsoSyncUserMutation = graphql(`
  mutation Sso_SyncUserWithIdentityProvider($idToken: String!) {
    syncUserWithIdentityProvider(idToken: $idToken) {
      id
      name
      email
    }
  }
`);

/** Preferred currency: Rampart's own, whoever owns the profile. */
export const SsoPreferredCurrencyQuery = graphql(`
  query Sso_PreferredCurrency {
    me {
      id
      preferredCurrencyCode
    }
  }
`);

export const SsoUpdatePreferredCurrencyMutation = graphql(`
  mutation Sso_UpdatePreferredCurrency($preferredCurrencyCode: PreferredCurrency) {
    updateUser(preferredCurrencyCode: $preferredCurrencyCode) {
      id
      preferredCurrencyCode
    }
  }
`);
