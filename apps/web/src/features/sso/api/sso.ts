import { graphql } from '@/gql';

/** How to reach the identity provider (public): issuer, client id, scopes and its endpoints. */
export const SsoConfigurationQuery = graphql(`
  query Sso_Configuration {
    ssoConfiguration {
      issuer
      clientId
      scopes
      authorizeUrl
      tokenUrl
      userinfoUrl
      revokeUrl
      logoutUrl
      isDevelopmentProvider
    }
  }
`);

/** Trades the provider's ID token for a Rampart session. */
export const LoginWithOktaMutation = graphql(`
  mutation Sso_LoginWithOkta($token: String!) {
    loginWithOkta(token: $token) {
      csrfToken
      expiryDate
      user {
        id
        email
      }
    }
  }
`);
