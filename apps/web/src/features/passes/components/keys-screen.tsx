import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { PASS_API_KEYS_PER_PROJECT } from '@rampart/shared/passes';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmItemDialog } from '@/components/confirm-dialog';
import { WarningNote } from '@/components/warning-note';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { FormDialog } from '@/components/form/form-dialog';
import { InputField } from '@/components/form/input-field';
import { Button } from '@/components/ui/button';
import { ShownOnceDialog } from '@/components/shown-once-dialog';
import { TableCell, TableRow } from '@/components/ui/table';
import { StatusBadge } from '@/components/status-badge';
import { CreatePassApiKeyMutation, PassApiKeysQuery, RevokePassApiKeyMutation } from '@/features/passes/api/passes';
import { CardTable } from '@/components/data-table/card-table';
import { CopyBox, ProjectListSection } from '@/features/passes/components/passes-frame';
import type { Passes_ApiKeyFragment } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { formatDate, formatRelativeTime } from '@/lib/format';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { useProjectQuery } from '@/features/passes/hooks/use-project-query';

const keySchema = z.object({
  name: z.string().trim().min(1, 'Name the key after where it is used, such as "Production server"').max(100, 'At most 100 characters'),
});
type KeyValues = z.infer<typeof keySchema>;

function CreateKeyDialog({
  projectId,
  onClose,
  onCreated,
}: {
  projectId: string;
  onClose: () => void;
  onCreated: (secret: { name: string; value: string }) => void;
}) {
  const [create, { loading }] = useMutation(CreatePassApiKeyMutation, { refetchQueries: [PassApiKeysQuery], awaitRefetchQueries: true });
  const form = useForm<KeyValues>({ resolver: zodResolver(keySchema), defaultValues: { name: '' } });
  const submission = useServerSubmit(form, { name: 'name' }, async (values) => {
    const result = await create({ variables: { projectId, name: values.name } });
    const created = result.data?.createPassProjectApiKey;
    if (created) onCreated({ name: created.apiKey.name, value: created.secret });
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-md"
      title="Create an API key"
      description="The key lets your server issue, list, invalidate and verify this project's passes. It works for this project only."
      {...submission}
      errorTitle="Could not create the key"
    >
      <InputField control={form.control} name="name" label="Name" autoComplete="off" placeholder="Production server" />
      <DialogFormFooter onCancel={onClose} busy={loading} pendingLabel="Creating">
        Create key
      </DialogFormFooter>
    </FormDialog>
  );
}

function SecretDialog({ secret, onClose }: { secret: { name: string; value: string }; onClose: () => void }) {
  return (
    <ShownOnceDialog
      open
      onClose={onClose}
      title={<>Your new key “{secret.name}”</>}
      description="Copy it now and store it on your server. Send it as Authorization: Bearer …"
    >
      <CopyBox value={secret.value} label="Copy the key" testId="pass-key-secret" />
      <WarningNote>You won't see this key again. If you lose it, revoke it and create another.</WarningNote>
    </ShownOnceDialog>
  );
}

type KeyRow = Passes_ApiKeyFragment;

function RevokeDialog({ apiKey, onClose }: { apiKey: KeyRow | null; onClose: () => void }) {
  const [revoke] = useMutation(RevokePassApiKeyMutation);
  return (
    <ConfirmItemDialog
      action="revoke"
      noun="key"
      item={apiKey}
      description="Requests with it are refused at once (401). Passes it issued stay valid."
      doneDescription={`${apiKey?.name} is refused from now on.`}
      onConfirm={(id) => revoke({ variables: { id } })}
      onClose={onClose}
    />
  );
}

/** The project's REST API keys: created (secret shown once), revoked, last used. */
export function KeysScreen() {
  const { projectId, data, loading, error } = useProjectQuery(PassApiKeysQuery);
  const canManage = usePermission('passes:manage');
  const keys: KeyRow[] = data?.passProject.apiKeys ?? [];
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const [revoking, setRevoking] = useState<KeyRow | null>(null);
  const activeCount = keys.filter((key) => !key.revokedAt).length;
  const full = activeCount >= PASS_API_KEYS_PER_PROJECT;
  return (
    <>
      <ProjectListSection
        projectId={projectId}
        section="keys"
        description={
          <>
            Keys for the passes REST API at <code className="font-mono text-xs break-all">{data?.passProject.apiBaseUrl ?? '…'}</code>. Each works for this
            project only.
          </>
        }
        add={
          canManage && {
            label: 'Create key',
            firstLabel: 'Create a key',
            onAdd: () => setCreating(true),
            disabled: !data || full,
            title: full ? `At most ${PASS_API_KEYS_PER_PROJECT} keys` : undefined,
          }
        }
        query={{ data, loading, error }}
        errorTitle="Could not load the keys"
        skeletonClassName="h-40"
        isEmpty={keys.length === 0}
        empty={{
          icon: <KeyRoundIcon />,
          title: 'No API keys yet',
          text: 'Your keys will be listed here with when each was last used. Your server needs one to issue passes.',
        }}
      >
        <CardTable
          actions={canManage}
          columns={['Name', 'Key', { heading: 'Last used', className: 'hidden sm:table-cell' }, { heading: 'Created', className: 'hidden md:table-cell' }]}
        >
          {keys.map((key) => (
            <TableRow key={key.id} data-testid="pass-key-row">
              <TableCell>
                <span className="font-medium">{key.name}</span>
                {key.revokedAt && (
                  <StatusBadge meaning="neutral" className="ml-2">
                    Revoked {formatDate(key.revokedAt)}
                  </StatusBadge>
                )}
                <span className="block text-xs text-muted-foreground sm:hidden">
                  {key.lastUsedAt ? `Used ${formatRelativeTime(key.lastUsedAt)}` : 'Never used'}
                </span>
              </TableCell>
              <TableCell className="font-mono text-xs sm:text-sm">{key.keyPrefix}…</TableCell>
              <TableCell className="hidden text-sm sm:table-cell" title={key.lastUsedAt ?? undefined}>
                {key.lastUsedAt ? formatRelativeTime(key.lastUsedAt) : <span className="text-muted-foreground">Never</span>}
              </TableCell>
              <TableCell className="hidden text-sm text-muted-foreground md:table-cell">{formatDate(key.createdAt)}</TableCell>
              {canManage && (
                <TableCell className="text-right">
                  {!key.revokedAt && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => setRevoking(key)}
                      aria-label={`Revoke the key ${key.name}`}
                    >
                      Revoke
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </CardTable>
      </ProjectListSection>
      {creating && (
        <CreateKeyDialog
          projectId={projectId}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created);
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
