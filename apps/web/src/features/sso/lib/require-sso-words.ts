// What "Require SSO" does, in words. Rampart never makes the identity provider ask for a second factor: a valid ID token
// is enough for a member without Rampart two-factor authentication; a member with it on is still asked for Rampart's
// code unless the token reports a multi-factor sign-in (its amr or acr, identity.service.ts loginWithSsoIdentity).

export const REQUIRE_SSO_DESCRIPTION =
  'Members sign in to Rampart only through your identity provider. Rampart does not make it ask for a second factor: a member without Rampart two-factor authentication signs in with whatever your provider asks; one with it on also enters their Rampart code, unless the provider reports a multi-factor sign-in.';
