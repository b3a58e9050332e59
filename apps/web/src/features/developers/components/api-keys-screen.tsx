import { useMutation, useQuery } from '@apollo/client/react';
import { ClockIcon, EyeIcon, EyeOffIcon, InfoIcon, KeyRoundIcon, LockIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { ErrorAlert } from '@/components/form-alert';
import { kybPath } from '@/config/routes';
import { AccountVerificationQuery, ApiKeysQuery, RollApiKeyMutation } from '@/features/developers/api/keys';
import { CopyButton } from '@/components/copy-button';
import { DevelopersFrame, ValueBox } from '@/features/developers/components/developers-frame';
import { IntegrationUrlsCard } from '@/features/developers/components/integration-urls-card';
import { PublicKeyCard } from '@/features/developers/components/public-key-card';
import { RollKeyDialog } from '@/features/developers/components/roll-key-dialog';
import { SecretOnceDialog } from '@/features/developers/components/secret-once-dialog';
import { SignUrlCard } from '@/features/developers/components/sign-url-card';
import { formatTimeLeft, maskKey } from '@/features/developers/lib/format';
import { useDeveloperScope } from '@/features/developers/lib/scope';
import type { Developers_ApiKeyFragment } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { setTestMode } from '@/lib/local-state';

type Key = Developers_ApiKeyFragment;

const KEY_TEXT = {
  publishable: { title: 'Publishable key', description: 'Identifies your account in the widget. Safe to put in your front end.' },
  secret: { title: 'Secret key', description: 'Authenticates server-side calls to the REST API and signs widget URLs. Keep it on your server.' },
  webhook: { title: 'Webhook key', description: 'Signs the Moonpay-Signature-V2 header of webhooks, so you can check they come from us.' },
} as const;

/** Re-renders every `ms` so countdowns move. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

function DeletionBadge({ deletedAt }: { deletedAt: string }) {
  const now = useNow(30_000);
  return (
    <Badge variant="warning" className="gap-1">
      <ClockIcon className="size-3" aria-hidden /> Waiting deletion — {formatTimeLeft(new Date(deletedAt).getTime() - now)} left
    </Badge>
  );
}

function KeyValue({ apiKey }: { apiKey: Key }) {
  const [revealed, setRevealed] = useState(false);
  if (apiKey.type === 'secret') return <ValueBox value={maskKey(apiKey.secret)} label="Secret key (masked)" />;
  if (apiKey.type === 'webhook') {
    return (
      <ValueBox value={revealed ? apiKey.secret : maskKey(apiKey.secret)} label="Webhook key">
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={revealed ? 'Hide webhook key' : 'Reveal webhook key'} onClick={() => setRevealed(!revealed)}>
          {revealed ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
        </Button>
        <CopyButton value={apiKey.secret} label="Copy webhook key" />
      </ValueBox>
    );
  }
  return (
    <ValueBox value={apiKey.secret} label="Publishable key">
      <CopyButton value={apiKey.secret} label="Copy publishable key" />
    </ValueBox>
  );
}

function KeyRow({ apiKey, canManage, onRoll }: { apiKey: Key; canManage: boolean; onRoll: (key: Key) => void }) {
  const text = KEY_TEXT[apiKey.type as keyof typeof KEY_TEXT];
  return (
    <div className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0" data-testid={`api-key-${apiKey.type}`} data-waiting={apiKey.isWaitingDeletion}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-medium">{apiKey.isWaitingDeletion ? `Previous ${text.title.toLowerCase()}` : text.title}</h3>
        {apiKey.isWaitingDeletion && apiKey.deletedAt && <DeletionBadge deletedAt={apiKey.deletedAt} />}
        {canManage && !apiKey.isWaitingDeletion && (
          <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={() => onRoll(apiKey)}>
            <RefreshCwIcon aria-hidden /> Roll {text.title.toLowerCase()}
          </Button>
        )}
      </div>
      {!apiKey.isWaitingDeletion && <p className="text-xs text-muted-foreground">{text.description}</p>}
      <KeyValue apiKey={apiKey} />
      <p className="text-xs text-muted-foreground">Created {new Date(apiKey.createdAt).toLocaleString()}</p>
    </div>
  );
}

function KeysPanel({ accountId, liveMode }: { accountId: string; liveMode: boolean }) {
  const canManage = usePermission('apiKeys:manage');
  const canIntegrate = usePermission('integration:manage');
  const { data, loading, error, refetch } = useQuery(ApiKeysQuery, { variables: { accountId, liveMode }, fetchPolicy: 'network-only' });
  const [roll] = useMutation(RollApiKeyMutation);
  const [rolling, setRolling] = useState<Key | null>(null);
  const [revealedSecret, setRevealedSecret] = useState<{ value: string; reason: 'created' | 'rolled' } | null>(null);
  const announced = useRef(new Set<string>());

  const keys = data?.apiKeys ?? [];
  // A secret key arrives in full only in the response that created it: show it once, then the list masks it.
  useEffect(() => {
    const fresh = keys.find((key) => key.type === 'secret' && !key.secret.includes('•') && !announced.current.has(key.id));
    if (fresh) {
      announced.current.add(fresh.id);
      setRevealedSecret({ value: fresh.secret, reason: 'created' });
    }
  }, [keys]);

  async function confirmRoll(deleteOldKeyNow: boolean) {
    const key = rolling;
    if (!key) return;
    try {
      const result = await roll({ variables: { id: key.id, deleteOldKeyNow } });
      const replacement = result.data?.rollApiKey;
      if (replacement) announced.current.add(replacement.id);
      await refetch();
      setRolling(null);
      if (replacement?.type === 'secret') setRevealedSecret({ value: replacement.secret, reason: 'rolled' });
      toast({
        title: 'Key rolled',
        description: deleteOldKeyNow ? 'The old key stopped working.' : 'The old key keeps working for 12 hours, then it is deleted.',
      });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not roll the key', description: describeApiError(caught).message });
      setRolling(null);
    }
  }

  if (error) return <ErrorAlert message={describeApiError(error).message} title="Could not load the keys" />;
  const order = ['publishable', 'secret', 'webhook'];
  const standard = keys
    .filter((key) => order.includes(key.type))
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type) || Number(a.isWaitingDeletion) - Number(b.isWaitingDeletion));
  const publicKey = keys.find((key) => key.type === 'public') ?? null;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRoundIcon className="size-4" aria-hidden /> {liveMode ? 'Live' : 'Test'} keys
          </CardTitle>
          <CardDescription>
            {liveMode ? 'Live keys move real money. ' : 'Test keys work in the sandbox; nothing is charged. '}
            Keys start with {liveMode ? 'pk_live_, sk_live_ and wk_live_' : 'pk_test_, sk_test_ and wk_test_'}.
          </CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          {loading && !data
            ? [0, 1, 2].map((index) => <Skeleton key={index} className="my-3 h-16 w-full" />)
            : standard.map((key) => <KeyRow key={key.id} apiKey={key} canManage={canManage} onRoll={setRolling} />)}
        </CardContent>
      </Card>
      <PublicKeyCard accountId={accountId} liveMode={liveMode} publicKey={publicKey} canManage={canManage} onChanged={() => void refetch()} />
      {canIntegrate && <SignUrlCard accountId={accountId} liveMode={liveMode} />}
      {/* After the keys: integrationUrl creates missing keys too, and would swallow the once-only secret. */}
      {data && <IntegrationUrlsCard accountId={accountId} liveMode={liveMode} />}
      <RollKeyDialog apiKey={rolling} onCancel={() => setRolling(null)} onConfirm={confirmRoll} />
      <SecretOnceDialog secret={revealedSecret?.value ?? null} reason={revealedSecret?.reason ?? 'created'} onClose={() => setRevealedSecret(null)} />
    </div>
  );
}

/** Keys of the selected account in the shell's mode; the live tab needs a verified account. */
export function ApiKeysScreen() {
  const { accountId, testMode } = useDeveloperScope();
  const account = useQuery(AccountVerificationQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId });
  const verified = account.data?.account?.isVerified ?? false;
  const liveMode = !testMode && verified;

  const liveTrigger = (
    <TabsTrigger value="live" disabled={!verified}>
      {!verified && <LockIcon className="size-3.5" aria-hidden />} Live keys
    </TabsTrigger>
  );

  return (
    <DevelopersFrame title="API keys" description="Keys identify your account to the widget and the REST API, and sign what we send you.">
      {!accountId ? (
        <p className="text-sm text-muted-foreground">Choose an account first.</p>
      ) : (
        <>
          <div className="flex flex-col gap-3">
            <Tabs value={liveMode ? 'live' : 'test'} onValueChange={(value) => setTestMode(value !== 'live')}>
              <TabsList aria-label="Key mode">
                <TabsTrigger value="test">Test keys</TabsTrigger>
                {verified ? (
                  liveTrigger
                ) : (
                  <Tooltip>
                    <TooltipTrigger asChild>
                      <span tabIndex={0} className="inline-flex h-full flex-1">
                        {liveTrigger}
                      </span>
                    </TooltipTrigger>
                    <TooltipContent>Live keys exist once the account is verified.</TooltipContent>
                  </Tooltip>
                )}
              </TabsList>
            </Tabs>
            {account.data && !verified && (
              <Alert>
                <InfoIcon aria-hidden />
                <AlertTitle>Live keys are not available yet</AlertTitle>
                <AlertDescription>
                  Live keys are created once {account.data.account?.name ?? 'this account'} is verified.{' '}
                  <Link to={kybPath('OnRamp')} className="font-medium text-foreground underline underline-offset-4">
                    Complete the business verification
                  </Link>{' '}
                  (company, owners, documents, questionnaire); the provider reviews it, and once approved you can create live keys here. Build and
                  test with the test keys meanwhile.
                </AlertDescription>
              </Alert>
            )}
          </div>
          {account.data && <KeysPanel key={`${accountId}:${liveMode}`} accountId={accountId} liveMode={liveMode} />}
        </>
      )}
    </DevelopersFrame>
  );
}
