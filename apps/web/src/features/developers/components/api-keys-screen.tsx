import { useMutation, useQuery } from '@apollo/client/react';
import { apiResource } from '@rampart/shared/api-keys';
import {
  BookOpenIcon,
  ClockIcon,
  EyeIcon,
  InfoIcon,
  KeyRoundIcon,
  LockIcon,
  MoreHorizontalIcon,
  PencilIcon,
  PlusIcon,
  RefreshCwIcon,
  ShieldIcon,
  Trash2Icon,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { kybPath, SERVER_PAGES } from '@/config/routes';
import { AccountVerificationQuery, ApiKeysQuery, RevealApiKeyMutation, RollApiKeyMutation } from '@/features/developers/api/keys';
import { CreateKeyDialog, type NewKeyKind } from '@/features/developers/components/create-key-dialog';
import { DeleteKeyDialog, RenameKeyDialog } from '@/features/developers/components/key-dialogs';
import { CopyButton } from '@/components/copy-button';
import { DevelopersFrame, RevealButton, ValueBox } from '@/features/developers/components/developers-frame';
import { IntegrationUrlsCard } from '@/features/developers/components/integration-urls-card';
import { PublicKeyCard } from '@/features/developers/components/public-key-card';
import { RollKeyDialog } from '@/features/developers/components/roll-key-dialog';
import { SecretOnceDialog, type ShownSecret } from '@/features/developers/components/secret-once-dialog';
import { SignUrlCard } from '@/features/developers/components/sign-url-card';
import { formatTimeLeft, maskKey } from '@/features/developers/lib/format';
import { useAccountQuery, useDeveloperScope } from '@/features/developers/lib/scope';
import type { Developers_ApiKeyFragment } from '@/gql/graphql';
import { usePermission, useViewer } from '@/hooks/use-permission';
import { roleHasPermission } from '@rampart/shared/permissions';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { setTestMode } from '@/lib/local-state';
import { QueryErrorAlert } from '@/components/query-boundary';

type Key = Developers_ApiKeyFragment;

const KEY_TEXT = {
  publishable: { title: 'Publishable key', description: 'Identifies your account in the widget. Safe to put in your front end.' },
  secret: { title: 'Secret key', description: 'Authenticates server-side calls to the REST API and signs widget URLs. Keep it on your server.' },
  restricted: { title: 'Restricted key', description: 'Calls only the REST resources it was given.' },
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
  if (apiKey.type === 'secret' || apiKey.type === 'restricted')
    return <ValueBox value={maskKey(apiKey.secret)} label={`${KEY_TEXT[apiKey.type].title} (masked)`} />;
  if (apiKey.type === 'webhook') {
    return (
      <ValueBox value={revealed ? apiKey.secret : maskKey(apiKey.secret)} label="Webhook key">
        <RevealButton revealed={revealed} onToggle={() => setRevealed(!revealed)} what="webhook key" />
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

function KeyDates({ apiKey }: { apiKey: Key }) {
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
      <span title={formatDateTime(apiKey.createdAt, { zone: true })}>Created {formatRelativeTime(apiKey.createdAt)}</span>
      {(apiKey.type === 'secret' || apiKey.type === 'restricted') && (
        <span title={apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt, { zone: true }) : undefined}>
          {apiKey.lastUsedAt ? `Last used ${formatRelativeTime(apiKey.lastUsedAt)}` : 'Never used'}
        </span>
      )}
    </p>
  );
}

/** "Transactions: Write · Customers: Read" as badges. */
function Permissions({ apiKey }: { apiKey: Key }) {
  if (!apiKey.restrictions?.length) return null;
  return (
    <ul aria-label="Permissions" className="flex flex-wrap gap-1.5">
      {apiKey.restrictions.map((restriction) => (
        <li key={restriction.resource}>
          <Badge variant="outline" className="font-normal">
            {apiResource(restriction.resource)?.label ?? restriction.resource}:{' '}
            <span className="font-medium">{restriction.access === 'write' ? 'Write' : 'Read'}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

interface KeyActions {
  canManage: boolean;
  onRoll: (key: Key) => void;
  onReveal: (key: Key) => void;
  onRename: (key: Key) => void;
  onDelete: (key: Key) => void;
  revealingId: string | null;
}

function keyTitle(apiKey: Key): string {
  const text = KEY_TEXT[apiKey.type as keyof typeof KEY_TEXT];
  if (apiKey.isWaitingDeletion) return `Previous ${apiKey.name ? `“${apiKey.name}”` : text.title.toLowerCase()}`;
  return apiKey.name ?? text.title;
}

/** One kind of key: its title and what it is for, the button that creates one, then the keys. */
function KeyGroupCard({ title, description, action, children }: { title: ReactNode; description: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className="divide-y">{children}</CardContent>
    </Card>
  );
}

function KeyRow({ apiKey, actions }: { apiKey: Key; actions: KeyActions }) {
  const text = KEY_TEXT[apiKey.type as keyof typeof KEY_TEXT];
  const named = apiKey.type === 'secret' || apiKey.type === 'restricted';
  const title = keyTitle(apiKey);
  const working = !apiKey.isWaitingDeletion;
  return (
    <div className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0" data-testid={`api-key-${apiKey.type}`} data-waiting={apiKey.isWaitingDeletion}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 text-sm font-medium [overflow-wrap:anywhere]">{title}</h3>
        {apiKey.isWaitingDeletion && apiKey.deletedAt && <DeletionBadge deletedAt={apiKey.deletedAt} />}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {actions.canManage && working && apiKey.canReveal && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Reveal ${title}`}
              onClick={() => actions.onReveal(apiKey)}
              disabled={actions.revealingId === apiKey.id}
            >
              <EyeIcon aria-hidden /> Reveal
            </Button>
          )}
          {actions.canManage && working && (
            <Button type="button" variant="outline" size="sm" onClick={() => actions.onRoll(apiKey)}>
              <RefreshCwIcon aria-hidden /> Roll {text.title.toLowerCase()}
            </Button>
          )}
          {actions.canManage && working && named && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`More actions for ${title}`}>
                  <MoreHorizontalIcon aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => actions.onRename(apiKey)}>
                  <PencilIcon aria-hidden /> Rename
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => actions.onDelete(apiKey)} className="text-destructive focus:text-destructive">
                  <Trash2Icon aria-hidden /> Delete
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      </div>
      {working && !named && <p className="text-xs text-muted-foreground">{text.description}</p>}
      <Permissions apiKey={apiKey} />
      <KeyValue apiKey={apiKey} />
      <KeyDates apiKey={apiKey} />
    </div>
  );
}

const byWaitingThenAge = (a: Key, b: Key) => Number(a.isWaitingDeletion) - Number(b.isWaitingDeletion) || a.createdAt.localeCompare(b.createdAt);
const describe = (key: Key) => ({ kind: key.type === 'restricted' ? 'restricted key' : 'secret key', name: key.name });

function KeysPanel({ accountId, liveMode }: { accountId: string; liveMode: boolean }) {
  const canManage = usePermission('apiKeys:manage');
  const canIntegrate = usePermission('integration:manage');
  // The server's rule: the membership role first, else the staff equivalent (whose rolls need a reason).
  const viewer = useViewer();
  const actsAsStaff = !(viewer.role && roleHasPermission(viewer.role, 'apiKeys:manage'));
  const { data, loading, error, refetch } = useQuery(ApiKeysQuery, { variables: { accountId, liveMode }, fetchPolicy: 'network-only' });
  const [roll] = useMutation(RollApiKeyMutation);
  const [reveal] = useMutation(RevealApiKeyMutation);
  const [rolling, setRolling] = useState<Key | null>(null);
  const [creating, setCreating] = useState<NewKeyKind | null>(null);
  const [renaming, setRenaming] = useState<Key | null>(null);
  const [deleting, setDeleting] = useState<Key | null>(null);
  const [revealingId, setRevealingId] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const announced = useRef(new Set<string>());

  // One array per response: a new `[]` each render would re-run the effect below on every render.
  const keys = useMemo(() => data?.apiKeys ?? [], [data]);
  // A secret key arrives in full only in the response that created it: show it once, then the list masks it.
  useEffect(() => {
    const fresh = keys.find((key) => key.type === 'secret' && !key.secret.includes('•') && !announced.current.has(key.id));
    if (fresh) {
      announced.current.add(fresh.id);
      setShown({ value: fresh.secret, reason: 'created', ...describe(fresh) });
    }
  }, [keys]);

  async function confirmRoll(deleteOldKeyNow: boolean, reason: string | null) {
    const key = rolling;
    if (!key) return;
    try {
      const result = await roll({ variables: { id: key.id, deleteOldKeyNow, reason } });
      const replacement = result.data?.rollApiKey;
      if (replacement) announced.current.add(replacement.id);
      await refetch();
      setRolling(null);
      // Staff get the new key masked: its secret is the partner's.
      if (replacement && (replacement.type === 'secret' || replacement.type === 'restricted') && !replacement.secret.includes('•'))
        setShown({ value: replacement.secret, reason: 'rolled', ...describe(replacement) });
      toast({
        title: 'Key rolled',
        description: deleteOldKeyNow ? 'The old key stopped working.' : 'The old key keeps working for 12 hours, then it is deleted.',
      });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not roll the key', description: describeApiError(caught).message });
      setRolling(null);
    }
  }

  async function revealKey(key: Key) {
    setRevealingId(key.id);
    try {
      const value = (await reveal({ variables: { id: key.id } })).data?.revealApiKey;
      if (value) setShown({ value, reason: 'revealed', ...describe(key) });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not reveal the key', description: describeApiError(caught).message });
    } finally {
      setRevealingId(null);
    }
  }

  function created(key: Key) {
    announced.current.add(key.id);
    setCreating(null);
    setShown({ value: key.secret, reason: 'created', ...describe(key) });
    void refetch();
  }

  if (error) return <QueryErrorAlert title="Could not load the keys" error={error} onRetry={refetch} />;
  const order = ['publishable', 'webhook'];
  const standard = keys
    .filter((key) => order.includes(key.type))
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type) || Number(a.isWaitingDeletion) - Number(b.isWaitingDeletion));
  const secrets = keys.filter((key) => key.type === 'secret').sort(byWaitingThenAge);
  const restricted = keys.filter((key) => key.type === 'restricted').sort(byWaitingThenAge);
  const publicKey = keys.find((key) => key.type === 'public') ?? null;
  const mode = liveMode ? 'live' : 'test';
  const actions: KeyActions = {
    canManage,
    onRoll: setRolling,
    onReveal: (key) => void revealKey(key),
    onRename: setRenaming,
    onDelete: setDeleting,
    revealingId,
  };
  const skeleton = [0, 1].map((index) => <Skeleton key={index} className="my-3 h-16 w-full" />);

  return (
    <div className="flex flex-col gap-6">
      <KeyGroupCard
        title={
          <>
            <KeyRoundIcon className="size-4" aria-hidden /> {liveMode ? 'Live' : 'Test'} keys
          </>
        }
        description={
          <>
            {liveMode ? 'Live keys move real money. ' : 'Test keys work in the sandbox; nothing is charged. '}
            Keys start with pk_{mode}_, wk_{mode}_, sk_{mode}_ and rk_{mode}_.
          </>
        }
      >
        {loading && !data ? skeleton : standard.map((key) => <KeyRow key={key.id} apiKey={key} actions={actions} />)}
      </KeyGroupCard>
      <KeyGroupCard
        title="Secret keys"
        description="Full access to the REST API, and they sign widget URLs. One per server or service makes a leak easy to roll."
        action={
          canManage && (
            <Button type="button" size="sm" className="shrink-0" onClick={() => setCreating('secret')}>
              <PlusIcon aria-hidden /> Create secret key
            </Button>
          )
        }
      >
        {loading && !data ? skeleton : secrets.map((key) => <KeyRow key={key.id} apiKey={key} actions={actions} />)}
      </KeyGroupCard>
      <KeyGroupCard
        title={
          <>
            <ShieldIcon className="size-4" aria-hidden /> Restricted keys
          </>
        }
        description="Limited to the REST resources you choose, read or write; anything else is refused with a 403."
        action={
          canManage && (
            <Button type="button" size="sm" variant="outline" className="shrink-0" onClick={() => setCreating('restricted')}>
              <PlusIcon aria-hidden /> Create restricted key
            </Button>
          )
        }
      >
        {loading && !data ? (
          skeleton
        ) : restricted.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No restricted keys yet. Give a reporting job or a support tool a key that can only read what it needs.
          </p>
        ) : (
          restricted.map((key) => <KeyRow key={key.id} apiKey={key} actions={actions} />)
        )}
      </KeyGroupCard>
      <PublicKeyCard accountId={accountId} liveMode={liveMode} publicKey={publicKey} canManage={canManage} onChanged={() => void refetch()} />
      {canIntegrate && <SignUrlCard accountId={accountId} liveMode={liveMode} />}
      {/* After the keys: integrationUrl creates missing keys too, and would swallow the once-only secret. */}
      {data && <IntegrationUrlsCard accountId={accountId} liveMode={liveMode} />}
      <RollKeyDialog apiKey={rolling} askReason={actsAsStaff} onCancel={() => setRolling(null)} onConfirm={confirmRoll} />
      <CreateKeyDialog kind={creating} accountId={accountId} liveMode={liveMode} onClose={() => setCreating(null)} onCreated={created} />
      <RenameKeyDialog apiKey={renaming} onClose={() => setRenaming(null)} onDone={() => void refetch()} />
      <DeleteKeyDialog apiKey={deleting} onClose={() => setDeleting(null)} onDone={() => void refetch()} />
      <SecretOnceDialog secret={shown} onClose={() => setShown(null)} />
    </div>
  );
}

/** The REST API reference, a page of the API server: in a new tab, so the keys stay at hand to copy into "Test Request". */
export function ApiReferenceLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={SERVER_PAGES.apiReference} target="_blank" rel="noopener">
        <BookOpenIcon aria-hidden /> API reference<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}

/** Keys of the selected account in the shell's mode; the live tab needs a verified account. */
export function ApiKeysScreen() {
  const { accountId, testMode } = useDeveloperScope();
  const account = useAccountQuery(AccountVerificationQuery);
  const verified = account.data?.account?.isVerified ?? false;
  const liveMode = !testMode && verified;

  const liveTrigger = (
    <TabsTrigger value="live" disabled={!verified}>
      {!verified && <LockIcon className="size-3.5" aria-hidden />} Live keys
    </TabsTrigger>
  );

  return (
    <DevelopersFrame
      title="API keys"
      description="Keys identify your account to the widget and the REST API, and sign what we send you."
      actions={<ApiReferenceLink />}
    >
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
                      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users reach the tooltip saying why live mode is locked */}
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
                  (company, owners, documents, questionnaire); the provider reviews it, and once approved you can create live keys here. Build and test with the
                  test keys meanwhile.
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
