import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ErrorAlert } from '@/components/form-alert';
import { SignUrlMutation } from '@/features/developers/api/keys';
import { CopyButton } from '@/components/copy-button';
import { ValueBox } from '@/features/developers/components/developers-frame';
import { describeApiError } from '@/lib/graphql-errors';

/** Signs a widget URL with the mode's secret key, which the server keeps encrypted; pasting it is optional (older keys need it). */
export function SignUrlCard({ accountId, liveMode }: { accountId: string; liveMode: boolean }) {
  const [url, setUrl] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sign, { data, loading, reset }] = useMutation(SignUrlMutation);
  const mode = liveMode ? 'live' : 'test';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFields({});
    setError(null);
    reset();
    try {
      await sign({ variables: { accountId, liveMode, url: url.trim(), secretKey: secretKey.trim() || null } });
    } catch (caught) {
      const info = describeApiError(caught);
      setFields(info.fields);
      if (Object.keys(info.fields).length === 0) setError(info.message);
    }
  }

  const signed = data?.generateSignedUrl;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign a widget URL</CardTitle>
        <CardDescription>
          HMAC-SHA256 of the query string (with its ?) under your {mode} secret key, base64, appended as &amp;signature=. It covers every parameter. The widget
          needs it for walletAddress, email and externalCustomerId, and for a redirectURL off your cleared domains. Do this on your server in production; this
          tool is for trying it out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="sign-url">Widget URL</Label>
            <Input
              id="sign-url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder={`${window.location.origin}/widget/buy?apiKey=pk_${mode}_…&walletAddress=…`}
              aria-invalid={Boolean(fields['url'])}
            />
            {fields['url'] && <p className="text-sm text-destructive">{fields['url']}</p>}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="sign-secret">Secret key ({mode}, optional)</Label>
            <Input
              id="sign-secret"
              type="password"
              autoComplete="off"
              value={secretKey}
              onChange={(event) => setSecretKey(event.target.value)}
              placeholder={`sk_${mode}_… — leave empty to sign with the stored key`}
              aria-invalid={Boolean(fields['secretKey'])}
              aria-describedby="sign-secret-help"
            />
            <p id="sign-secret-help" className="text-sm text-muted-foreground">
              Rampart keeps your secret key encrypted and signs with it. Paste it only for a key created before that, or roll the key once.
            </p>
            {fields['secretKey'] && <p className="text-sm text-destructive">{fields['secretKey']}</p>}
          </div>
          <ErrorAlert message={error} title="Could not sign the URL" />
          <div>
            <Button type="submit" disabled={loading || !url.trim()}>
              {loading && <Spinner label="Signing" />}
              Sign URL
            </Button>
          </div>
          {signed && (
            <div className="flex flex-col gap-2">
              <Label>Signed URL</Label>
              <ValueBox value={signed.url} label="Signed URL">
                <CopyButton value={signed.url} label="Copy signed URL" />
              </ValueBox>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
