import { useQuery } from '@apollo/client/react';
import { SsoAccountManagementQuery, SsoCurrentSessionQuery } from '@/features/sso/api/account';
import type { SsoConfig } from '@/features/sso/lib/okta-auth';
import { describeApiError } from '@/lib/graphql-errors';

export interface ProfileOwner {
  loading: boolean;
  error: string | null;
  /** The provider's configuration when it owns this user's profile: signed in with SSO, account management on. */
  ssoConfig: SsoConfig | null;
}

/** The profile page's line under its heading when the identity provider owns the profile. */
export const SSO_PROFILE_DESCRIPTION = 'Your profile, e-mail addresses, phone numbers and password at your identity provider, and your sessions.';

/**
 * Who owns the signed-in user's profile: the identity provider when this session was signed in with SSO and the
 * provider's account-management API is used, Rampart otherwise (today's screens).
 */
export function useProfileOwner(): ProfileOwner {
  const session = useQuery(SsoCurrentSessionQuery, { fetchPolicy: 'cache-first' });
  const signedInWithSso = session.data?.currentSession.authMethod === 'sso';
  const configuration = useQuery(SsoAccountManagementQuery, { skip: !signedInWithSso });
  if (session.error && !session.data) return { loading: false, error: describeApiError(session.error).message, ssoConfig: null };
  if (!session.data) return { loading: true, error: null, ssoConfig: null };
  if (!signedInWithSso) return { loading: false, error: null, ssoConfig: null };
  if (configuration.error && !configuration.data) return { loading: false, error: describeApiError(configuration.error).message, ssoConfig: null };
  if (!configuration.data) return { loading: true, error: null, ssoConfig: null };
  const { accountManagement, ...config } = configuration.data.ssoConfiguration;
  return { loading: false, error: null, ssoConfig: accountManagement ? config : null };
}
