import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { API_KEY_NAME_MAX, API_RESOURCES, isWritable } from '@rampart/shared/api-keys';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { InputField } from '@/components/form/input-field';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { ErrorAlert } from '@/components/form-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { CreateApiKeyMutation } from '@/features/developers/api/keys';
import type { Developers_ApiKeyFragment } from '@/gql/graphql';
import { applyServerErrors } from '@/lib/form-errors';

export type NewKeyKind = 'secret' | 'restricted';
type Access = 'none' | 'read' | 'write';
const ACCESS_CHOICES: Array<{ value: Access; label: string }> = [
  { value: 'none', label: 'None' },
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Write' },
];

const keySchema = z
  .object({
    name: z.string().trim().min(1, 'Give the key a name, e.g. "Backend" or "Reporting job".').max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters`),
    kind: z.enum(['secret', 'restricted']),
    access: z.record(z.string(), z.enum(['none', 'read', 'write'])),
  })
  .refine((values) => values.kind === 'secret' || Object.values(values.access).some((access) => access !== 'none'), {
    path: ['access'],
    message: 'Give the key Read or Write access to at least one resource.',
  });
type KeyValues = z.infer<typeof keySchema>;

const noAccess = (): Record<string, Access> => Object.fromEntries(API_RESOURCES.map((resource) => [resource.id, 'none']));

/** Creates a named secret key, or a restricted key with None/Read/Write per REST resource; the new key goes to `onCreated`. */
export function CreateKeyDialog({
  kind,
  accountId,
  liveMode,
  onClose,
  onCreated,
}: {
  kind: NewKeyKind | null;
  accountId: string;
  liveMode: boolean;
  onClose: () => void;
  onCreated: (key: Developers_ApiKeyFragment) => void;
}) {
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [create] = useMutation(CreateApiKeyMutation);
  const form = useForm<KeyValues>({ resolver: zodResolver(keySchema), defaultValues: { name: '', kind: 'secret', access: noAccess() } });

  useEffect(() => {
    if (!kind) return;
    setGeneralError(null);
    form.reset({ name: '', kind, access: noAccess() });
  }, [kind, form]);

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    const restrictions =
      values.kind === 'restricted'
        ? Object.entries(values.access)
            .filter(([, access]) => access !== 'none')
            .map(([resource, access]) => ({ resource, access: access as 'read' | 'write' }))
        : null;
    try {
      const created = (await create({ variables: { accountId, liveMode, name: values.name, restrictions } })).data?.createApiKey;
      if (created) onCreated(created);
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, { name: 'name', restrictions: 'access' }));
    }
  });

  const busy = form.formState.isSubmitting;
  const mode = liveMode ? 'live' : 'test';
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{kind === 'restricted' ? `Create a restricted ${mode} key` : `Create a secret ${mode} key`}</DialogTitle>
          <DialogDescription>
            {kind === 'restricted'
              ? `A restricted key (rk_${mode}_…) calls only the REST resources you choose. Use one per service, so a leaked key can do little.`
              : `A secret key (sk_${mode}_…) can call the whole REST API. Name it after the server that uses it.`}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form id="create-key-form" onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" noValidate>
            <InputField
              control={form.control}
              name="name"
              label="Key name"
              placeholder={kind === 'restricted' ? 'Reporting job' : 'Backend'}
              autoComplete="off"
              maxLength={API_KEY_NAME_MAX + 20}
            />
            {kind === 'restricted' && (
              <FormField
                control={form.control}
                name="access"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel asChild>
                      <span>Permissions</span>
                    </FormLabel>
                    <FormDescription>Write includes Read. Anything set to None is refused with a 403.</FormDescription>
                    <div className="divide-y rounded-lg border">
                      {API_RESOURCES.map((resource) => (
                        <div key={resource.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                          <div className="flex min-w-0 flex-col gap-0.5">
                            <span id={`access-${resource.id}`} className="text-sm font-medium">
                              {resource.label}
                            </span>
                            <span className="text-xs text-muted-foreground">{resource.description}</span>
                          </div>
                          <RadioGroup
                            aria-labelledby={`access-${resource.id}`}
                            className="flex shrink-0 gap-4"
                            value={field.value[resource.id] ?? 'none'}
                            onValueChange={(value) => field.onChange({ ...field.value, [resource.id]: value })}
                          >
                            {ACCESS_CHOICES.map((choice) => {
                              const disabled = choice.value === 'write' && !isWritable(resource);
                              return (
                                <label
                                  key={choice.value}
                                  className="flex items-center gap-1.5 text-sm has-[:disabled]:text-muted-foreground"
                                  title={disabled ? `${resource.label} can only be read` : undefined}
                                >
                                  <RadioGroupItem value={choice.value} disabled={disabled} />
                                  {choice.label}
                                </label>
                              );
                            })}
                          </RadioGroup>
                        </div>
                      ))}
                    </div>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
            {generalError && <ErrorAlert message={generalError} />}
          </form>
        </Form>
        <DialogFormFooter onCancel={onClose} busy={busy} lockCancel formId="create-key-form" pendingLabel="Creating">
          Create key
        </DialogFormFooter>
      </DialogContent>
    </Dialog>
  );
}
