import { resetSignedInData, usePublicMutation, usePublicQuery } from '@/lib/public-graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { TwoFactorCodeCard, type SecondFactor } from '@/components/two-factor-code-card';
import { toastRecoveryCodesLeft } from '@/components/recovery-codes-list';
import { ROUTES } from '@/config/routes';
import { LoginWithOktaMutation, SsoConfigurationQuery } from '@/features/sso/api/sso';
import { SsoStatus } from '@/features/sso/components/sso-status';
import { readSsoCallback, ssoErrorMessage, type SsoCallback } from '@/features/sso/lib/sso-flow';
import { describeApiError, graphQLErrorsOf } from '@/lib/graphql-errors';
import { storeCsrfToken } from '@/lib/session';

/**
 * /login/okta_callback: finishes single sign-on and returns the user to the address they started from. A user with
 * two-factor authentication on whose provider showed no multi-factor sign-in is asked for the code first, as on the
 * password sign-in; the session opens only then.
 */
export default function OktaCallbackPage() {
  const navigate = useNavigate();
  const { data, error: configError } = usePublicQuery(SsoConfigurationQuery);
  const [loginWithOkta] = usePublicMutation(LoginWithOktaMutation);
  const [error, setError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState<SsoCallback | null>(null);
  const config = data?.ssoConfiguration;

  /** Trades the ID token (with the code, when asked for) for a session; false when the code is still needed. */
  const openSession = useCallback(
    async (callback: SsoCallback, secondFactor?: SecondFactor) => {
      const otpToken = secondFactor && 'otpToken' in secondFactor ? secondFactor.otpToken : null;
      const recoveryCode = secondFactor && 'recoveryCode' in secondFactor ? secondFactor.recoveryCode : null;
      const { data: result } = await loginWithOkta({ variables: { token: callback.idToken, otpToken, recoveryCode } });
      if (result.loginWithOkta.preAuthenticated && !result.loginWithOkta.csrfToken) return false;
      const csrfToken = result.loginWithOkta.csrfToken;
      if (!csrfToken) throw new Error('The server did not return a session token.');
      await resetSignedInData();
      storeCsrfToken(csrfToken);
      toastRecoveryCodesLeft(result.loginWithOkta.recoveryCodesRemaining);
      void navigate(callback.finish(), { replace: true });
      return true;
    },
    [loginWithOkta, navigate],
  );

  // Once per page: React's development double effect must not send the single-use ID token twice.
  const firstAnswer = useRef<Promise<{ callback: SsoCallback; opened: boolean }> | null>(null);
  useEffect(() => {
    if (!config) return;
    let active = true;
    firstAnswer.current ??= readSsoCallback(config).then(async (callback) => {
      try {
        return { callback, opened: await openSession(callback) };
      } catch (caught) {
        throw new Error(graphQLErrorsOf(caught).length > 0 ? describeApiError(caught).message : ssoErrorMessage(caught));
      }
    });
    firstAnswer.current
      .then(({ callback, opened }) => {
        if (!opened && active) setNeedsCode(callback);
      })
      .catch((caught: unknown) => {
        if (active) setError(ssoErrorMessage(caught));
      });
    return () => {
      active = false;
    };
  }, [config, openSession]);

  if (needsCode && !error) {
    return (
      <TwoFactorCodeCard
        onVerify={async (secondFactor) => {
          if (!(await openSession(needsCode, secondFactor))) throw new Error('Enter the code from your authenticator app.');
        }}
        onCancel={() => void navigate(ROUTES.login, { replace: true })}
      />
    );
  }

  const message = error ?? (configError ? describeApiError(configError).message : null);
  return <SsoStatus title="Signing you in" error={message} />;
}
