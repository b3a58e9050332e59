import { usePublicQuery } from '@/lib/public-graphql';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { SsoConfigurationQuery } from '@/features/sso/api/sso';
import { SsoStatus } from '@/features/sso/components/sso-status';
import { returnPathFrom } from '@/lib/return-path';
import { ssoErrorMessage, startSsoSignIn } from '@/features/sso/lib/sso-flow';

/**
 * /login/okta_verification: where the identity provider sends the user after a verification step
 * (an e-mailed link, say). It shows the provider's error, or continues single sign-on; the provider's
 * session makes that a quick round trip back to /login/okta_callback.
 */
export default function OktaVerificationPage() {
  const location = useLocation();
  const { data, error: configError } = usePublicQuery(SsoConfigurationQuery);
  const [error, setError] = useState<string | null>(null);
  const config = data?.ssoConfiguration;
  const params = new URLSearchParams(location.search);
  const providerError = params.get('error_description') ?? params.get('error');
  const originalUri = returnPathFrom(location.state, location.search);

  useEffect(() => {
    if (!config || providerError) return;
    startSsoSignIn(config, originalUri).catch((caught: unknown) => setError(ssoErrorMessage(caught)));
  }, [config, providerError, originalUri]);

  const message = providerError ?? error ?? (configError ? 'Single sign-on is unavailable right now.' : null);
  return (
    <SsoStatus title="Verifying your sign-in" error={message}>
      Continuing to your identity provider…
    </SsoStatus>
  );
}
