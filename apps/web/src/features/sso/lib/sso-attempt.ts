import { requestGraphQL } from '@/lib/public-graphql';
import { StartSsoSignInMutation } from '@/features/sso/api/sso';

/** What an authorization request carries so its ID token is accepted here, once: the nonce and state of a started sign-in. */
export interface SsoAttempt {
  nonce: string;
  state: string;
}

/** Asks the server to start a sign-in in this browser (it binds the nonce to a cookie) before leaving for the provider. */
export async function startSsoAttempt(): Promise<SsoAttempt> {
  const { startSsoSignIn } = await requestGraphQL(StartSsoSignInMutation);
  return { nonce: startSsoSignIn.nonce, state: startSsoSignIn.state };
}
