import { usePublicQuery } from '@/lib/public-graphql';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SsoConfigurationQuery } from '@/features/sso/api/sso';
import { returnPathFrom } from '@/lib/return-path';

// okta-auth-js and the schema library load when the partner goes for the button, not with the sign-in page.
const loadSsoFlow = () => import('@/features/sso/lib/sso-flow');
const preloadSsoFlow = () => void loadSsoFlow().catch(() => {});

/** "Sign in with SSO": the authorization-code flow with PKCE against the configured identity provider. */
export function SsoSignInButton() {
  const location = useLocation();
  const { data, loading, error } = usePublicQuery(SsoConfigurationQuery);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const config = data?.ssoConfiguration;

  async function signIn() {
    if (!config) return;
    setFailure(null);
    setStarting(true);
    let flow: Awaited<ReturnType<typeof loadSsoFlow>> | null = null;
    try {
      flow = await loadSsoFlow();
      await flow.startSsoSignIn(config, returnPathFrom(location.state, location.search));
    } catch (caught) {
      setFailure(flow ? flow.ssoErrorMessage(caught) : 'Single sign-on is unavailable right now.');
      setStarting(false);
    }
  }

  const unavailable = error ? 'Single sign-on is unavailable right now.' : null;
  const message = failure ?? unavailable;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        onClick={() => void signIn()}
        onPointerEnter={preloadSsoFlow}
        onFocus={preloadSsoFlow}
        disabled={loading || !config || starting}
        aria-describedby={message ? 'sso-error' : undefined}
      >
        {starting ? <Spinner label="Redirecting to your identity provider" /> : <KeyRoundIcon aria-hidden />}
        Sign in with SSO
      </Button>
      {message && (
        <p id="sso-error" role="alert" className="text-sm text-destructive">
          Error: {message}
        </p>
      )}
      {config?.isDevelopmentProvider && (
        <p className="text-xs text-muted-foreground">SSO uses the development identity provider: sign in there with your Rampart e-mail and password.</p>
      )}
    </div>
  );
}
