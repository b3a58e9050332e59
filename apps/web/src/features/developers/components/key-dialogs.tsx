import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { API_KEY_NAME_MAX } from '@rampart/shared/api-keys';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { InputField } from '@/components/form/input-field';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form/form-dialog';
import { DeleteApiKeyMutation, RenameApiKeyMutation } from '@/features/developers/api/keys';
import type { Developers_ApiKeyFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';

type Key = Developers_ApiKeyFragment;
const nameSchema = z.object({ name: z.string().trim().min(1, 'Give the key a name.').max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters`) });

const kindOf = (key: Key | null) => (key?.type === 'restricted' ? 'restricted key' : 'secret key');

export function RenameKeyDialog({ apiKey, onClose, onDone }: { apiKey: Key | null; onClose: () => void; onDone: () => void }) {
  const [rename] = useMutation(RenameApiKeyMutation);
  const form = useForm<z.infer<typeof nameSchema>>({ resolver: zodResolver(nameSchema), defaultValues: { name: '' } });
  const submission = useServerSubmit(form, { name: 'name' }, async (values) => {
    if (!apiKey) return;
    await rename({ variables: { id: apiKey.id, name: values.name } });
    toast({ title: 'Key renamed', description: values.name.trim() });
    onDone();
    onClose();
  });
  const { setGeneralError } = submission;
  useEffect(() => {
    if (!apiKey) return;
    setGeneralError(null);
    form.reset({ name: apiKey.name ?? '' });
  }, [apiKey, form, setGeneralError]);
  const busy = form.formState.isSubmitting;

  return (
    <FormDialog
      open={apiKey !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      className="sm:max-w-md"
      title={`Rename the ${kindOf(apiKey)}`}
      description="The name is for you: it shows here and in the request log."
      {...submission}
    >
      <InputField control={form.control} name="name" label="Key name" autoComplete="off" />
      <DialogFormFooter onCancel={onClose} busy={busy} lockCancel pendingLabel="Saving">
        Save name
      </DialogFormFooter>
    </FormDialog>
  );
}

/** Deleting revokes the key at once; the server keeps the last standard secret key of a mode (roll it instead). */
export function DeleteKeyDialog({ apiKey, onClose, onDone }: { apiKey: Key | null; onClose: () => void; onDone: () => void }) {
  const [remove] = useMutation(DeleteApiKeyMutation);
  const label = apiKey?.name ? `“${apiKey.name}”` : `this ${kindOf(apiKey)}`;
  return (
    <ConfirmDialog
      open={apiKey !== null}
      onClose={onClose}
      title={`Delete the ${kindOf(apiKey)}?`}
      description={`Anything still calling the API with ${label} gets a 401 from now on. This cannot be undone.`}
      confirmLabel="Delete key"
      busyLabel="Deleting"
      destructive
      onConfirm={async () => {
        if (!apiKey) return;
        await remove({ variables: { id: apiKey.id } });
        toast({ title: 'Key deleted', description: 'It stopped working at once.' });
        onDone();
      }}
    />
  );
}
