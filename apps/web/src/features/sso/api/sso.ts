import { graphql } from '@/gql';

/** How to reach the identity provider (public): issuer, client id, scopes and its endpoints. */
export const SsoEndpointsFragment = graphql(`
  fragment Sso_Endpoints on SsoConfiguration {
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
`);

export const SsoConfigurationQuery = graphql(`
  query Sso_Configuration {
    ssoConfiguration {
      ...Sso_Endpoints
    }
  }
`);

/** Starts a sign-in in this browser: the nonce (bound to this browser by a cookie) and state for the authorization request. */
export const StartSsoSignInMutation = graphql(`
  mutation Sso_StartSignIn {
    startSsoSignIn {
      nonce
      state
    }
  }
`);

/** Trades the provider's ID token for a Rampart session; preAuthenticated when the authenticator code is still needed. */
export const LoginWithOktaMutation = graphql(`
  mutation Sso_LoginWithOkta($token: String!, $otpToken: String, $recoveryCode: String) {
    loginWithOkta(token: $token, otpToken: $otpToken, recoveryCode: $recoveryCode) {
      preAuthenticated
      recoveryCodesRemaining
      csrfToken
      expiryDate
      user {
        id
        email
      }
    }
  }
`);
