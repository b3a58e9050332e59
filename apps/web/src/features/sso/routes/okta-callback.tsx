import { resetSignedInData, usePublicMutation, usePublicQuery } from '@/lib/public-graphql';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoginWithOktaMutation, SsoConfigurationQuery } from '@/features/sso/api/sso';
import { SsoStatus } from '@/features/sso/components/sso-status';
import { completeSsoSignIn, ssoErrorMessage } from '@/features/sso/lib/sso-flow';
import { describeApiError, graphQLErrorsOf } from '@/lib/graphql-errors';
import { storeCsrfToken } from '@/lib/session';

/** /login/okta_callback: finishes single sign-on and returns the user to the address they started from. */
export default function OktaCallbackPage() {
  const navigate = useNavigate();
  const { data, error: configError } = usePublicQuery(SsoConfigurationQuery);
  const [loginWithOkta] = usePublicMutation(LoginWithOktaMutation);
  const [error, setError] = useState<string | null>(null);
  const config = data?.ssoConfiguration;

  useEffect(() => {
    if (!config) return;
    let active = true;
    completeSsoSignIn(config, async (idToken) => {
      try {
        const { data: result } = await loginWithOkta({ variables: { token: idToken } });
        const csrfToken = result?.loginWithOkta.csrfToken;
        if (!csrfToken) throw new Error('The server did not return a session token.');
        await resetSignedInData();
        storeCsrfToken(csrfToken);
      } catch (caught) {
        throw new Error(graphQLErrorsOf(caught).length > 0 ? describeApiError(caught).message : ssoErrorMessage(caught));
      }
    })
      .then((returnTo) => {
        if (active) void navigate(returnTo, { replace: true });
      })
      .catch((caught: unknown) => {
        if (active) setError(ssoErrorMessage(caught));
      });
    return () => {
      active = false;
    };
  }, [config, loginWithOkta, navigate]);

  const message = error ?? (configError ? describeApiError(configError).message : null);
  return <SsoStatus title="Signing you in" error={message} />;
}
