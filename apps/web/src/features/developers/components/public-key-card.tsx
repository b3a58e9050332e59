import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { FileUpIcon, Trash2Icon } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { AlertDialogAction, AlertDialogFrame } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { DeletePublicKeyMutation, UploadPublicKeyMutation } from '@/features/developers/api/keys';
import type { Developers_ApiKeyFragment } from '@/gql/graphql';
import { toastChange } from '@/hooks/toast-change';
import { toast } from '@/hooks/use-toast';
import { formatDateTime } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';

const keySchema = z.object({ pem: z.string() });
type KeyValues = z.infer<typeof keySchema>;

/** The partner's own public key (PEM) for verifying its signed requests: upload or replace, and delete. */
export function PublicKeyCard({
  accountId,
  liveMode,
  publicKey,
  canManage,
  onChanged,
}: {
  accountId: string;
  liveMode: boolean;
  publicKey: Developers_ApiKeyFragment | null;
  canManage: boolean;
  onChanged: () => void;
}) {
  const form = useForm<KeyValues>({ resolver: zodResolver(keySchema), defaultValues: { pem: '' } });
  const pem = useWatch({ control: form.control, name: 'pem' });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload, { loading: uploading }] = useMutation(UploadPublicKeyMutation);
  const [remove, { loading: removing }] = useMutation(DeletePublicKeyMutation);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > 16_384) {
      setError('This file is too large for a public key (at most 16 KB).');
      return;
    }
    form.setValue('pem', await file.text());
    setError(null);
  }

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await upload({ variables: { accountId, liveMode, publicKey: values.pem } });
      form.reset({ pem: '' });
      onChanged();
      toast({ title: 'Public key saved', description: 'Requests signed with the matching private key are accepted.' });
    } catch (caught) {
      const info = describeApiError(caught);
      setError(info.fields['publicKey'] ?? info.message);
    }
  });

  async function confirmDelete() {
    if (!publicKey) return;
    const removal = () => remove({ variables: { id: publicKey.id } }).then(onChanged);
    await toastChange(removal, { title: 'Public key deleted' }, 'Could not delete the public key');
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your public key</CardTitle>
        <CardDescription>Upload the public half of your key pair (RSA of 2048 bits or more, or Ed25519, as PEM) to sign your requests to us.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {publicKey ? (
          <div className="flex flex-col gap-2">
            <pre aria-label="Uploaded public key" className="max-h-40 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs">
              {publicKey.secret}
            </pre>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              Uploaded {formatDateTime(publicKey.createdAt)}
              {canManage && (
                <AlertDialogFrame
                  trigger={
                    <Button type="button" variant="outline" size="sm" className="ml-auto">
                      <Trash2Icon aria-hidden /> Delete public key
                    </Button>
                  }
                  title="Delete your public key?"
                  description="Requests signed with its private key stop being accepted at once."
                  action={
                    <AlertDialogAction onClick={() => void confirmDelete()} disabled={removing}>
                      Delete
                    </AlertDialogAction>
                  }
                />
              )}
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No public key uploaded for {liveMode ? 'live' : 'test'} mode.</p>
        )}
        {canManage && (
          <Form {...form}>
            <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
              <FormField
                control={form.control}
                name="pem"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{publicKey ? 'Replace with another key' : 'Public key (PEM)'}</FormLabel>
                    <FormControl>
                      <Textarea
                        {...field}
                        rows={5}
                        spellCheck={false}
                        placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
                        className="font-mono text-xs"
                        aria-invalid={error !== null}
                      />
                    </FormControl>
                  </FormItem>
                )}
              />
              <ErrorAlert message={error} title="The key was not accepted" />
              <div className="flex flex-wrap gap-2">
                <input
                  ref={fileInput}
                  type="file"
                  accept=".pem,.pub,.key,.txt,application/x-pem-file"
                  className="hidden"
                  onChange={(event) => void readFile(event)}
                  aria-label="Public key file"
                />
                <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
                  <FileUpIcon aria-hidden /> Choose a PEM file
                </Button>
                <Button type="submit" disabled={uploading || pem.trim() === ''}>
                  {uploading && <Spinner label="Uploading" />}
                  Upload public key
                </Button>
              </div>
            </form>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
