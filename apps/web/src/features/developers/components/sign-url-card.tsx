import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { InputField } from '@/components/form/input-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ErrorAlert } from '@/components/form-alert';
import { SignUrlMutation } from '@/features/developers/api/keys';
import { CopyButton } from '@/components/copy-button';
import { ValueBox } from '@/features/developers/components/developers-frame';
import { applyServerErrors } from '@/lib/form-errors';

const signSchema = z.object({ url: z.string().trim(), secretKey: z.string().trim() });
type SignValues = z.infer<typeof signSchema>;

/** Signs a widget URL with the mode's secret key, which the server keeps encrypted; pasting it is optional (older keys need it). */
export function SignUrlCard({ accountId, liveMode }: { accountId: string; liveMode: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [sign, { data, loading, reset }] = useMutation(SignUrlMutation);
  const mode = liveMode ? 'live' : 'test';
  const form = useForm<SignValues>({ resolver: zodResolver(signSchema), defaultValues: { url: '', secretKey: '' } });
  const url = useWatch({ control: form.control, name: 'url' });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    reset();
    try {
      await sign({ variables: { accountId, liveMode, url: values.url, secretKey: values.secretKey || null } });
    } catch (caught) {
      setError(applyServerErrors(form, caught, { url: 'url', secretKey: 'secretKey' }));
    }
  });

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
        <Form {...form}>
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
            <InputField
              control={form.control}
              name="url"
              label="Widget URL"
              placeholder={`${window.location.origin}/widget/buy?apiKey=pk_${mode}_…&walletAddress=…`}
            />
            <InputField
              control={form.control}
              name="secretKey"
              label={`Secret key (${mode}, optional)`}
              type="password"
              autoComplete="off"
              placeholder={`sk_${mode}_… — leave empty to sign with the stored key`}
              description="Rampart keeps your secret key encrypted and signs with it. Paste it only for a key created before that, or roll the key once."
            />
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
        </Form>
      </CardContent>
    </Card>
  );
}
