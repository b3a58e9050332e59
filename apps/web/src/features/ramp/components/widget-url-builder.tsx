import { useMutation, useQuery } from '@apollo/client/react';
import { ExternalLinkIcon, InfoIcon, ShieldCheckIcon } from 'lucide-react';
import { FIAT_CURRENCIES } from '@rampart/shared/transactions';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectOptionItems } from '@/components/select-items';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ROUTES } from '@/config/routes';
import { SignWidgetUrlMutation, WidgetBaseUrlQuery } from '@/features/ramp/api/integrations';
import {
  buildWidgetUrl,
  iframeSnippet,
  lockedParamsSentence,
  needsSignature,
  reactSnippet,
  signableCurrency,
  widgetParamProblems,
  type WidgetParam,
  type WidgetParams,
} from '@/features/ramp/lib/widget-url';
import type { IntegrationProduct } from '@/gql/graphql';
import { describeApiError } from '@/lib/graphql-errors';
import { QueryErrorAlert } from '@/components/query-boundary';

const NONE = '__none';

const TEXT_FIELDS: { name: WidgetParam; label: string; placeholder: string; description?: string; inputMode?: 'decimal' | 'email' | 'url' }[] = [
  { name: 'walletAddress', label: 'Wallet address', placeholder: 'Where the crypto goes', description: 'Needs the signature.' },
  { name: 'walletAddressTag', label: 'Wallet address tag', placeholder: 'Destination tag or memo' },
  { name: 'baseCurrencyAmount', label: 'Amount', placeholder: '100', inputMode: 'decimal' },
  { name: 'email', label: 'Customer e-mail', placeholder: 'ada@example.com', inputMode: 'email', description: 'Needs the signature.' },
  { name: 'externalCustomerId', label: 'External customer id', placeholder: 'Your id for the customer', description: 'Needs the signature.' },
  { name: 'externalTransactionId', label: 'External transaction id', placeholder: 'Your id for this purchase' },
  {
    name: 'redirectURL',
    label: 'Redirect URL',
    placeholder: 'https://example.com/done',
    inputMode: 'url',
    description: 'Where the customer returns at the end. Unsigned, only to a domain cleared in your go-live review.',
  },
  { name: 'colorCode', label: 'Accent colour', placeholder: '#1F6FEB' },
];

function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="relative">
      <pre
        aria-label={label}
        className="max-h-72 overflow-auto rounded-md border bg-muted/40 p-3 pr-12 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap"
      >
        {code}
      </pre>
      <div className="absolute top-1.5 right-1.5">
        <CopyButton value={code} label={`Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}

/** Builds a widget URL with the widget's parameters and has the server sign it as the partner types. */
export function WidgetUrlBuilder({
  accountId,
  product,
  liveMode,
  canSign,
}: {
  accountId: string;
  product: IntegrationProduct;
  liveMode: boolean;
  canSign: boolean;
}) {
  const id = useId();
  const { data, loading, error, refetch } = useQuery(WidgetBaseUrlQuery, { variables: { accountId, type: product, liveMode } });
  const [params, setParams] = useState<WidgetParams>({ baseCurrencyCode: 'usd', language: 'en' });
  const [sign, signing] = useMutation(SignWidgetUrlMutation);
  const [signed, setSigned] = useState<{ for: string; url: string } | null>(null);
  const [refused, setRefused] = useState<{ for: string; message: string; fields: Partial<Record<WidgetParam, string>> } | null>(null);

  const flow = product === 'Swaps' ? 'swap' : product === 'OffRamp' ? 'sell' : 'buy';
  const sell = flow === 'sell';
  const assets = useMemo(
    () =>
      (data?.account?.currencyAccountPairs ?? [])
        .filter((pair) => (sell ? pair.isSellEnabled : pair.isEnabled) && !pair.currency.isSuspended && (liveMode || pair.currency.supportsTestMode))
        .map((pair) => pair.currency)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [data, sell, liveMode],
  );
  const offered = useMemo(() => assets.map(signableCurrency), [assets]);
  const base = data?.integrationUrl ?? null;
  const unsigned = base ? buildWidgetUrl(base, params) : null;
  // The server's refusal of this very URL, next to its fields; our own checks first (the same rules).
  const serverRefusal = refused && refused.for === unsigned ? refused : null;
  const problems = { ...serverRefusal?.fields, ...widgetParamProblems(params, flow, offered) };
  const hasProblems = Object.keys(problems).length > 0;

  // Signing is the partner's act (it builds the widget on the getting-started card and is audited): only on the button.
  const signNow = () => {
    if (!unsigned || hasProblems) return;
    const url = unsigned;
    sign({ variables: { accountId, liveMode, url } })
      .then((result) => {
        if (result.data) setSigned({ for: url, url: result.data.generateSignedUrl.url });
      })
      .catch((caught: unknown) => {
        const info = describeApiError(caught);
        setRefused({ for: url, message: info.message, fields: info.fields });
      });
  };

  const set = (name: WidgetParam, value: string) => setParams((current) => ({ ...current, [name]: value }));
  const current = signed && signed.for === unsigned ? signed.url : null;
  const shown = current ?? unsigned ?? '';
  const clearedDomains = (data?.account?.domainReviews ?? []).filter((review) => review.status === 'clear').map((review) => review.domain);
  const signatureNeeded = needsSignature(params, clearedDomains);
  const signError = serverRefusal && Object.keys(serverRefusal.fields).length === 0 ? serverRefusal.message : null;
  const origins = data?.account?.allowedIframeAncestorUrls ?? [];
  const title = product === 'OnRamp' ? 'Buy crypto' : product === 'OffRamp' ? 'Sell crypto' : 'Swap crypto';

  if (loading && !data) return <Skeleton className="h-96 w-full" />;
  if (error && !data) return <QueryErrorAlert title="Could not load the widget URL" error={error} onRetry={refetch} />;

  const select = (name: WidgetParam, label: string, options: { value: string; label: string }[], optional = true) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Select value={params[name] || NONE} onValueChange={(value) => set(name, value === NONE ? '' : value)}>
        <SelectTrigger
          id={`${id}-${name}`}
          className="w-full"
          aria-invalid={Boolean(problems[name])}
          aria-describedby={problems[name] ? `${id}-${name}-hint` : undefined}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {optional && <SelectItem value={NONE}>Customer chooses</SelectItem>}
          <SelectOptionItems options={options} />
        </SelectContent>
      </Select>
      {problems[name] && (
        <p id={`${id}-${name}-hint`} className="text-sm text-destructive">
          {problems[name]}
        </p>
      )}
    </div>
  );
  const assetOptions = assets.map((asset) => ({ value: asset.code, label: `${asset.name} (${asset.code.toUpperCase()})` }));

  return (
    <Card role="region" aria-label="Widget URL builder">
      <CardHeader>
        <CardTitle className="text-base">Widget URL</CardTitle>
        <CardDescription>
          Fill in what you know about the customer and the purchase; everything is optional. The {liveMode ? 'live' : 'test'} publishable key is already in the
          URL. {lockedParamsSentence()}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {select('currencyCode', product === 'Swaps' ? 'Asset sent' : sell ? 'Asset sold' : 'Asset bought', assetOptions)}
          {product === 'Swaps' && select('quoteCurrencyCode', 'Asset received', assetOptions)}
          {product !== 'Swaps' &&
            select(
              'baseCurrencyCode',
              sell ? 'Paid out in' : 'Pays in',
              FIAT_CURRENCIES.map((code) => ({ value: code, label: code.toUpperCase() })),
              false,
            )}
          {TEXT_FIELDS.map((field) => (
            <div key={field.name} className="flex flex-col gap-2">
              <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
              <Input
                id={`${id}-${field.name}`}
                value={params[field.name] ?? ''}
                onChange={(event) => set(field.name, event.target.value)}
                placeholder={field.placeholder}
                inputMode={field.inputMode}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={Boolean(problems[field.name])}
                aria-describedby={`${id}-${field.name}-hint`}
              />
              <p id={`${id}-${field.name}-hint`} className={problems[field.name] ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
                {problems[field.name] ?? field.description ?? '\u00a0'}
              </p>
            </div>
          ))}
          {select('language', 'Language', [{ value: 'en', label: 'English' }], false)}
          {select('theme', 'Theme', [
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ])}
        </div>

        <Alert>
          <ShieldCheckIcon aria-hidden />
          <AlertTitle>Signed on the server</AlertTitle>
          <AlertDescription>
            The signature is an HMAC-SHA256 of the query string under your {liveMode ? 'live' : 'test'} secret key, which Rampart keeps encrypted and never
            shows here. It covers the whole query string. The widget refuses a URL with a wallet address, an e-mail or an external customer id unless it is
            signed, and a redirect URL off your cleared domains too, so nobody can change where the crypto goes, whose account it is or where your customer
            lands by editing the link. In production, sign on your own server right before showing the widget.
          </AlertDescription>
        </Alert>

        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Label>{current ? 'Signed URL' : 'URL'}</Label>
            <span className="flex items-center gap-2 text-xs text-muted-foreground" aria-live="polite">
              {signing.loading ? (
                <>
                  <Spinner label="Signing" className="size-3" /> Signing…
                </>
              ) : current ? (
                'Signed'
              ) : !canSign ? (
                'Not signed: your role cannot sign URLs'
              ) : hasProblems ? (
                'Not signed: fix the fields marked above'
              ) : (
                'Not signed yet'
              )}
            </span>
          </div>
          {signError && <p className="text-sm text-destructive">{signError}</p>}
          {!canSign && signatureNeeded && (
            <p className="text-sm text-destructive">
              With a wallet address, an e-mail, an external customer id or a redirect URL off your cleared domains the widget needs the signature; ask a
              developer or an administrator.
            </p>
          )}
          <Tabs defaultValue="url">
            <TabsList>
              <TabsTrigger value="url">URL</TabsTrigger>
              <TabsTrigger value="iframe">iframe</TabsTrigger>
              <TabsTrigger value="react">React</TabsTrigger>
            </TabsList>
            <TabsContent value="url">
              <CodeBlock code={shown} label={current ? 'Signed URL' : 'Widget URL'} />
            </TabsContent>
            <TabsContent value="iframe">
              <CodeBlock code={iframeSnippet(shown, title)} label="iframe snippet" />
            </TabsContent>
            <TabsContent value="react">
              <CodeBlock code={reactSnippet(shown, title)} label="React component" />
            </TabsContent>
          </Tabs>
          <div className="flex flex-wrap gap-2">
            {canSign && !current && (
              <Button type="button" size="sm" onClick={signNow} disabled={!unsigned || hasProblems || signing.loading}>
                <ShieldCheckIcon aria-hidden /> Sign URL
              </Button>
            )}
            <Button asChild variant="outline" size="sm" aria-disabled={!shown}>
              <a href={shown} target="_blank" rel="noreferrer">
                <ExternalLinkIcon aria-hidden /> Open widget
              </a>
            </Button>
            {shown && <CopyButton value={shown} label={current ? 'Copy signed URL' : 'Copy URL'} size="sm" />}
          </div>
        </div>

        <Alert>
          <InfoIcon aria-hidden />
          <AlertTitle>Embedding in an iframe</AlertTitle>
          <AlertDescription>
            <p>
              Browsers show the widget in an iframe only on the origins listed in{' '}
              <Link to={`${ROUTES.developers}/general`} className="font-medium text-foreground underline underline-offset-4">
                Developers → General
              </Link>{' '}
              (allowed iframe ancestors). {origins.length ? `Allowed now: ${origins.join(', ')}.` : 'None is listed yet, so only a new tab works.'}
            </p>
          </AlertDescription>
        </Alert>
      </CardContent>
    </Card>
  );
}
