import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { PASS_POLICIES_PER_PROJECT, PASS_POLICY_TOKEN_IDS_MAX, PASS_POLICY_WALLETS_MAX } from '@rampart/shared/passes';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { RowIconButton } from '@/components/row-icon-button';
import { SelectField } from '@/components/form/select-field';
import { RadioGroupField } from '@/components/form/radio-group-field';
import { TextareaField } from '@/components/form/textarea-field';
import { FormDialog } from '@/components/form/form-dialog';
import { CodeField, InputField } from '@/components/form/input-field';
import { TableCell, TableRow } from '@/components/ui/table';
import { CreatePassPolicyMutation, DeletePassPolicyMutation, PassPoliciesQuery, UpdatePassPolicyMutation } from '@/features/passes/api/passes';
import { CardTable } from '@/components/data-table/card-table';
import { ProjectListSection } from '@/features/passes/components/passes-frame';
import { labelOfNetwork, labelOfPolicyKind, NFT_POLICY_NETWORKS } from '@/features/passes/lib/labels';
import { invalidAddresses, invalidTokenIds, listSome, shortHex, splitList } from '@/features/passes/lib/passes';
import type { Passes_PolicyFragment } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { formatCount, formatDate } from '@/lib/format';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { serverFieldMap } from '@/lib/form-errors';
import { ConfirmItemDialog } from '@/components/confirm-dialog';
import { useProjectQuery } from '@/features/passes/hooks/use-project-query';

const policySchema = z
  .object({
    name: z.string().trim().min(1, 'Give the policy a name').max(100, 'At most 100 characters'),
    kind: z.enum(['wallets', 'nft']),
    walletAddresses: z.string(),
    networkCode: z.string(),
    contractAddress: z.string(),
    tokenIds: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.kind === 'wallets') {
      const wallets = splitList(values.walletAddresses);
      const bad = invalidAddresses(wallets);
      if (wallets.length === 0) ctx.addIssue({ code: 'custom', path: ['walletAddresses'], message: 'List at least one wallet address' });
      else if (bad.length > 0) ctx.addIssue({ code: 'custom', path: ['walletAddresses'], message: `Not 0x addresses of 40 hex digits: ${listSome(bad)}` });
      else if (wallets.length > PASS_POLICY_WALLETS_MAX)
        ctx.addIssue({ code: 'custom', path: ['walletAddresses'], message: `At most ${formatCount(PASS_POLICY_WALLETS_MAX)} addresses` });
    } else {
      if (!values.networkCode) ctx.addIssue({ code: 'custom', path: ['networkCode'], message: 'Choose the network of the NFT contract' });
      if (!/^0x[0-9a-fA-F]{40}$/.test(values.contractAddress.trim()))
        ctx.addIssue({ code: 'custom', path: ['contractAddress'], message: 'Enter the contract address: 0x and 40 hex digits' });
      const ids = splitList(values.tokenIds);
      const bad = invalidTokenIds(ids);
      if (bad.length > 0) ctx.addIssue({ code: 'custom', path: ['tokenIds'], message: `Token ids are whole decimal numbers: ${listSome(bad)}` });
      else if (ids.length > PASS_POLICY_TOKEN_IDS_MAX)
        ctx.addIssue({ code: 'custom', path: ['tokenIds'], message: `At most ${formatCount(PASS_POLICY_TOKEN_IDS_MAX)} token ids` });
    }
  });
type PolicyValues = z.infer<typeof policySchema>;

const SERVER_FIELDS = serverFieldMap<PolicyValues>('name', 'kind', 'walletAddresses', 'contractAddress', 'networkCode', 'tokenIds');

function PolicyDialog({
  projectId,
  policy,
  chainNetwork,
  onClose,
}: {
  projectId: string;
  policy: Passes_PolicyFragment | null;
  chainNetwork: string | null;
  onClose: () => void;
}) {
  const networks = [...new Set([...(chainNetwork ? [chainNetwork] : []), ...(policy?.networkCode ? [policy.networkCode] : []), ...NFT_POLICY_NETWORKS])];
  const [create] = useMutation(CreatePassPolicyMutation, { refetchQueries: [PassPoliciesQuery] });
  const [update] = useMutation(UpdatePassPolicyMutation);
  const form = useForm<PolicyValues>({
    resolver: zodResolver(policySchema),
    mode: 'onTouched',
    defaultValues: {
      name: policy?.name ?? '',
      kind: policy?.kind ?? 'nft',
      walletAddresses: policy?.walletAddresses.join('\n') ?? '',
      networkCode: policy?.networkCode ?? chainNetwork ?? '',
      contractAddress: policy?.contractAddress ?? '',
      tokenIds: policy?.tokenIds.join(', ') ?? '',
    },
  });
  const kind = form.watch('kind');
  const networkCode = form.watch('networkCode');
  useUnsavedChanges(form.formState.isDirty);
  const submission = useServerSubmit(form, SERVER_FIELDS, async (values) => {
    const input =
      values.kind === 'wallets'
        ? { name: values.name, kind: values.kind, walletAddresses: splitList(values.walletAddresses) }
        : {
            name: values.name,
            kind: values.kind,
            networkCode: values.networkCode,
            contractAddress: values.contractAddress.trim(),
            tokenIds: splitList(values.tokenIds),
          };
    if (policy) await update({ variables: { id: policy.id, input } });
    else await create({ variables: { projectId, input } });
    toast({ title: policy ? 'Policy saved' : 'Policy created', description: values.name });
    onClose();
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={policy ? 'Edit the policy' : 'Create a policy'}
      description="Who may hold a pass: a listed wallet, or the owner of a token of an NFT contract (checked on chain when the pass is issued and scanned)."
      {...submission}
      errorTitle={policy ? 'Could not save the policy' : 'Could not create the policy'}
    >
      <InputField control={form.control} name="name" label="Name" autoComplete="off" placeholder="Collection holders" />
      <RadioGroupField
        control={form.control}
        name="kind"
        label="Who is entitled"
        description={policy ? 'To change the kind, create another policy.' : undefined}
        disabled={Boolean(policy)}
        className="grid gap-2 sm:grid-cols-2"
        options={(['nft', 'wallets'] as const).map((value) => ({
          value,
          label: <span className="font-medium">{labelOfPolicyKind(value)}</span>,
          description: value === 'nft' ? 'Owners of a token of one contract' : 'The addresses you list',
        }))}
      />
      {kind === 'wallets' ? (
        <TextareaField
          control={form.control}
          name="walletAddresses"
          label="Wallet addresses"
          description={<>One per line, or separated by commas. Up to {formatCount(PASS_POLICY_WALLETS_MAX)}.</>}
          rows={5}
          className="font-mono text-xs"
          spellCheck={false}
          placeholder={'0x71C7656EC7ab88b098defB751B7401B5f6d8976F\n0x…'}
        />
      ) : (
        <>
          <SelectField
            control={form.control}
            name="networkCode"
            label="Network"
            description={networkCode === chainNetwork ? 'The chain this Rampart reads ownership from.' : undefined}
            placeholder="Choose a network"
            triggerClassName="w-full"
            options={networks.map((code) => ({ value: code, label: labelOfNetwork(code) }))}
          />
          <CodeField
            control={form.control}
            name="contractAddress"
            label="NFT contract address"
            placeholder="0x…"
            description="An ERC-721 contract on that network."
          />
          <CodeField
            control={form.control}
            name="tokenIds"
            label="Token ids (optional)"
            placeholder="Any token"
            description="Leave empty to admit the owner of any token; or list ids such as 1, 2, 42."
          />
        </>
      )}
      <DialogSubmitFooter onCancel={onClose} pendingLabel="Saving">
        {policy ? 'Save policy' : 'Create policy'}
      </DialogSubmitFooter>
    </FormDialog>
  );
}

/** Policies: who is entitled to a pass. */
export function PoliciesScreen() {
  const { projectId, data, loading, error } = useProjectQuery(PassPoliciesQuery);
  const canManage = usePermission('passes:manage');
  const policies = data?.passProject.policies ?? [];
  const [editing, setEditing] = useState<{ policy: Passes_PolicyFragment | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Passes_PolicyFragment | null>(null);
  const [remove] = useMutation(DeletePassPolicyMutation, { refetchQueries: [PassPoliciesQuery], awaitRefetchQueries: true });
  const full = policies.length >= PASS_POLICIES_PER_PROJECT;
  return (
    <>
      <ProjectListSection
        projectId={projectId}
        section="policies"
        description="Who may hold this project's passes. A pass is issued when at least one policy admits the holder."
        add={
          canManage && {
            label: 'New policy',
            firstLabel: 'Create a policy',
            onAdd: () => setEditing({ policy: null, key: Date.now() }),
            disabled: !data || full,
          }
        }
        query={{ data, loading, error }}
        errorTitle="Could not load the policies"
        skeletonClassName="h-48"
        isEmpty={policies.length === 0}
        empty={{
          icon: <ShieldCheckIcon />,
          title: 'No policies yet',
          text: 'Your policies will be listed here. Without one no pass can be issued: add the wallets you want to admit, or an NFT contract whose holders are entitled.',
        }}
      >
        <CardTable
          actions={canManage}
          columns={[
            'Name',
            'Entitles',
            { heading: 'Passes', className: 'hidden text-right sm:table-cell' },
            { heading: 'Updated', className: 'hidden md:table-cell' },
          ]}
        >
          {policies.map((policy) => (
            <TableRow key={policy.id} data-testid="policy-row">
              <TableCell>
                <span className="font-medium">{policy.name}</span>
                <span className="block text-xs text-muted-foreground">{labelOfPolicyKind(policy.kind)}</span>
              </TableCell>
              <TableCell className="text-sm">
                {policy.kind === 'wallets' ? (
                  <span>
                    {formatCount(policy.walletAddresses.length)} {policy.walletAddresses.length === 1 ? 'wallet' : 'wallets'}
                    <span className="block font-mono text-xs text-muted-foreground">
                      {listSome(
                        policy.walletAddresses.map((address) => shortHex(address)),
                        2,
                      )}
                    </span>
                  </span>
                ) : (
                  <span>
                    <span className="font-mono" title={policy.contractAddress ?? undefined}>
                      {shortHex(policy.contractAddress)}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {policy.tokenIds.length === 0 ? 'Any token' : `Tokens ${listSome(policy.tokenIds, 4)}`}
                      {policy.networkCode && ` · ${labelOfNetwork(policy.networkCode)}`}
                    </span>
                  </span>
                )}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatCount(policy.passCount)}</TableCell>
              <TableCell className="hidden text-sm text-muted-foreground md:table-cell">{formatDate(policy.updatedAt)}</TableCell>
              {canManage && (
                <TableCell>
                  <span className="flex justify-end gap-1">
                    <RowIconButton action="edit" label={`Edit the policy ${policy.name}`} onClick={() => setEditing({ policy, key: Date.now() })} />
                    <RowIconButton action="delete" label={`Delete the policy ${policy.name}`} onClick={() => setDeleting(policy)} />
                  </span>
                </TableCell>
              )}
            </TableRow>
          ))}
        </CardTable>
      </ProjectListSection>
      {editing && (
        <PolicyDialog
          key={editing.key}
          projectId={projectId}
          policy={editing.policy}
          chainNetwork={data?.evmChain.networkCode ?? null}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmItemDialog
        noun="policy"
        item={deleting}
        description={
          <>
            Active passes admitted only by this policy are invalidated ({formatCount(deleting?.passCount ?? 0)} passes use it). New passes can no longer be
            issued under it.
          </>
        }
        onConfirm={(id) => remove({ variables: { id } })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
