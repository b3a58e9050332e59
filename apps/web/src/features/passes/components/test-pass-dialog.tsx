import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { TicketIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { FormDialog } from '@/components/form/form-dialog';
import { CodeField } from '@/components/form/input-field';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { IssueTestPassMutation, PassesQuery, TestPassSetupQuery } from '@/features/passes/api/passes';
import { WalletLinks } from '@/features/passes/components/passes-frame';
import { isAddress, invalidTokenIds, passPath, projectPath } from '@/features/passes/lib/passes';
import type { Passes_IssueTestPassMutation } from '@/gql/graphql';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { serverFieldMap } from '@/lib/form-errors';

// "Issue a test pass": a wallet the partner pastes gets a pass through the REST API's issuing path (issueTestPass),
// without the holder's signature, while the project is in test mode. The same rules as the server, before sending.

const schema = z
  .object({
    walletAddress: z.string().trim().refine(isAddress, 'Enter a wallet address: 0x and 40 hexadecimal characters.'),
    templateId: z.string().min(1, 'Choose a template.'),
    nftContractAddress: z.string(),
    nftTokenId: z
      .string()
      .trim()
      .refine((value) => value === '' || invalidTokenIds([value]).length === 0, 'A token id is a whole number written in decimal, such as 1.'),
  })
  .refine((values) => !values.nftTokenId || values.nftContractAddress, { path: ['nftContractAddress'], message: 'Choose the NFT contract.' });
type Values = z.infer<typeof schema>;

const FIELD_MAP = serverFieldMap<Values>('walletAddress', 'templateId', 'nftContractAddress', 'nftTokenId');

type Issued = Passes_IssueTestPassMutation['issueTestPass'];

function IssuedDialog({ projectId, issued, onClose }: { projectId: string; issued: Issued; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Test pass issued</DialogTitle>
          <DialogDescription>
            Scan the code with your phone to add the pass to Apple Wallet, or use a link below. The download link works for a short time; the pass page makes a
            new one.
          </DialogDescription>
        </DialogHeader>
        <img src={issued.qrCodeUrl} alt="QR code of the pass download link" className="mx-auto size-48 rounded-md bg-white p-2" data-testid="test-pass-qr" />
        <p className="text-center font-mono text-xs break-all text-muted-foreground" title={issued.pass.holderAddress}>
          {issued.pass.holderAddress}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
          <WalletLinks pass={{ ...issued, serialNumber: issued.pass.serialNumber }} />
        </div>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={passPath(projectId, issued.pass.id)}>Open the pass</Link>
          </Button>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function IssueForm({ projectId, onClose, onIssued }: { projectId: string; onClose: () => void; onIssued: (issued: Issued) => void }) {
  const { data } = useQuery(TestPassSetupQuery, { variables: { id: projectId }, fetchPolicy: 'cache-and-network' });
  const templates = data?.passProject.templates ?? [];
  const contracts = [
    ...new Set((data?.passProject.policies ?? []).flatMap((policy) => (policy.kind === 'nft' && policy.contractAddress ? [policy.contractAddress] : []))),
  ];
  const [issue] = useMutation(IssueTestPassMutation, { refetchQueries: [PassesQuery] });
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { walletAddress: '', templateId: '', nftContractAddress: '', nftTokenId: '' },
    values: data ? { walletAddress: '', templateId: templates[0]?.id ?? '', nftContractAddress: contracts[0] ?? '', nftTokenId: '' } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const submission = useServerSubmit(form, FIELD_MAP, async (values) => {
    // The token makes it an NFT pass; without one a wallet policy must admit the wallet.
    const nft = values.nftContractAddress && values.nftTokenId ? { nftContractAddress: values.nftContractAddress, nftTokenId: values.nftTokenId } : {};
    const result = await issue({ variables: { projectId, input: { walletAddress: values.walletAddress, templateId: values.templateId, ...nft } } });
    if (result.data) onIssued(result.data.issueTestPass);
  });
  const blocked = data && (!data.passProject.isTestMode || templates.length === 0);
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Issue a test pass"
      description="A pass for a wallet you paste, such as your own, issued as the REST API issues one but without the holder's signature. Test mode only."
      {...submission}
      errorTitle="Could not issue the pass"
    >
      {blocked ? (
        <p className="text-sm text-muted-foreground" data-testid="test-pass-blocked">
          {templates.length === 0 ? (
            <>
              A pass needs a template.{' '}
              <Link to={projectPath(projectId, 'templates')} className="font-medium text-primary underline underline-offset-4">
                Design one first
              </Link>
              .
            </>
          ) : (
            'This project uses your own Apple and Google credentials: its passes are issued through the REST API, signed by the holder.'
          )}
        </p>
      ) : (
        <>
          <CodeField
            control={form.control}
            name="walletAddress"
            label="Wallet address"
            placeholder="0x…"
            description="A wallet one of the project's policies admits."
          />
          {templates.length > 1 && (
            <SelectField
              control={form.control}
              name="templateId"
              label="Template"
              options={templates.map((template) => ({ value: template.id, label: template.name }))}
            />
          )}
          {contracts.length > 0 && (
            <>
              {contracts.length > 1 && (
                <SelectField
                  control={form.control}
                  name="nftContractAddress"
                  label="NFT contract"
                  options={contracts.map((contract) => ({ value: contract, label: contract }))}
                />
              )}
              <CodeField
                control={form.control}
                name="nftTokenId"
                label="Token id (NFT policies)"
                inputMode="numeric"
                placeholder="1"
                description="For an NFT pass: a token the wallet holds, in decimal. Leave empty for a wallet policy."
              />
            </>
          )}
        </>
      )}
      {blocked ? (
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      ) : (
        <DialogSubmitFooter onCancel={onClose} pendingLabel="Issuing">
          Issue test pass
        </DialogSubmitFooter>
      )}
    </FormDialog>
  );
}

/** The button and its dialogs: the form, then the issued pass with its QR code and links. */
export function IssueTestPassButton({ projectId, variant = 'default' }: { projectId: string; variant?: 'default' | 'outline' }) {
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);
  return (
    <>
      <Button type="button" variant={variant} onClick={() => setOpen(true)}>
        <TicketIcon aria-hidden /> Issue a test pass
      </Button>
      {open && (
        <IssueForm
          projectId={projectId}
          onClose={() => setOpen(false)}
          onIssued={(pass) => {
            setOpen(false);
            setIssued(pass);
          }}
        />
      )}
      {issued && <IssuedDialog projectId={projectId} issued={issued} onClose={() => setIssued(null)} />}
    </>
  );
}
