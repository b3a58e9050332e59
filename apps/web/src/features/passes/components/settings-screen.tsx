import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { PASS_CREDENTIAL_MAX_BYTES } from '@rampart/shared/passes';
import { AppleIcon, FlaskConicalIcon, RotateCcwIcon, TerminalIcon, WalletIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { TextareaField } from '@/components/form/textarea-field';
import { WarningNote } from '@/components/warning-note';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { ErrorAlert } from '@/components/form-alert';
import { FormattedInputField } from '@/components/form/formatted-input-field';
import { InputField } from '@/components/form/input-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/status-badge';
import {
  PassSettingsQuery,
  ResetPassCredentialsMutation,
  UpdateAppleCredentialsMutation,
  UpdateGoogleCredentialsMutation,
  UpdatePassProjectMutation,
} from '@/features/passes/api/passes';
import { FileField } from '@/features/passes/components/file-field';
import { DetailRow } from '@/components/detail-field';
import { CopyBox, ProjectFrame } from '@/features/passes/components/passes-frame';
import { labelOfCredentialSource } from '@/features/passes/lib/labels';
import { curlExample, listSome, parseDomains } from '@/features/passes/lib/passes';
import type { Passes_SettingsQuery } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { toast } from '@/hooks/use-toast';
import { formatBytes, formatDate } from '@/lib/format';
import { applyServerErrors, serverFieldMap } from '@/lib/form-errors';
import { QueryErrorAlert } from '@/components/query-boundary';
import { SectionCard } from '@/components/section-card';
import { useProjectQuery } from '@/features/passes/hooks/use-project-query';

type Project = Passes_SettingsQuery['passProject'];

function DevelopmentNotice() {
  return (
    <WarningNote icon={FlaskConicalIcon} data-testid="development-credentials">
      <span>
        <strong className="font-semibold">Development credentials — not accepted by real wallets.</strong> Rampart generated them so you can build and test;
        passes open in previews and tests only. Upload yours to go live.
      </span>
    </WarningNote>
  );
}

const projectSchema = z.object({
  name: z.string().trim().min(1, 'Give the project a name'),
  description: z.string(),
  allowedDomains: z.string().superRefine((text, ctx) => {
    const { invalid } = parseDomains(text);
    if (invalid.length > 0) ctx.addIssue({ code: 'custom', message: `Not domain names: ${listSome(invalid)} (use example.com, without https://)` });
  }),
});
type ProjectValues = z.infer<typeof projectSchema>;

function ProjectCard({ project, canManage }: { project: Project; canManage: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UpdatePassProjectMutation);
  const form = useForm<ProjectValues>({
    resolver: zodResolver(projectSchema),
    defaultValues: { name: project.name, description: project.description ?? '', allowedDomains: project.allowedDomains.join('\n') },
  });
  useEffect(() => {
    form.reset({ name: project.name, description: project.description ?? '', allowedDomains: project.allowedDomains.join('\n') });
  }, [project.name, project.description, project.allowedDomains, form]);
  const save = form.handleSubmit(async (values) => {
    setError(null);
    const { domains } = parseDomains(values.allowedDomains);
    try {
      await update({ variables: { id: project.id, input: { name: values.name, description: values.description.trim() || null, allowedDomains: domains } } });
      toast({ title: 'Project saved', description: values.name });
    } catch (caught) {
      setError(applyServerErrors(form, caught, serverFieldMap<ProjectValues>('name', 'description', 'allowedDomains')));
    }
  });
  return (
    <SectionCard title="Project" className="gap-4">
      <Form {...form}>
        <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-4">
          <ErrorAlert message={error} title="Could not save the project" />
          <fieldset disabled={!canManage || loading} className="flex flex-col gap-4">
            <InputField control={form.control} name="name" label="Name" />
            <TextareaField control={form.control} name="description" label="Description (optional)" rows={2} />
            <TextareaField
              control={form.control}
              name="allowedDomains"
              label="Allowed domains"
              description="The domains a holder's sign-in message may name, one per line. Empty: any domain."
              rows={3}
              className="font-mono text-xs"
              placeholder="app.example.com"
            />
          </fieldset>
          {canManage && (
            <Button type="submit" className="w-fit" disabled={loading}>
              {loading && <Spinner label="Saving" />}
              Save project
            </Button>
          )}
        </form>
      </Form>
    </SectionCard>
  );
}

const WALLET_NAME = { apple: 'Apple Wallet', google: 'Google Wallet' } as const;

function ResetButton({ projectId, wallet }: { projectId: string; wallet: 'apple' | 'google' }) {
  const [open, setOpen] = useState(false);
  const [reset] = useMutation(ResetPassCredentialsMutation, { refetchQueries: [PassSettingsQuery] });
  const name = WALLET_NAME[wallet];
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <RotateCcwIcon aria-hidden /> Reset to development
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Use development credentials for ${name}?`}
        description="Your uploaded credentials are deleted. New and updated passes are signed with Rampart's development credentials, which real wallets refuse."
        confirmLabel="Reset"
        busyLabel="Resetting"
        destructive
        errorTitle="Could not reset the credentials"
        onConfirm={async () => {
          await reset({ variables: { id: projectId, wallet } });
          toast({ title: `${name} uses development credentials` });
        }}
      />
    </>
  );
}

/** A credential file: one of the accepted kinds, at most PASS_CREDENTIAL_MAX_BYTES. */
function credentialFile(accepted: RegExp, what: string) {
  return z
    .instanceof(File)
    .nullable()
    .superRefine((file, ctx) => {
      if (!file || !accepted.test(file.name.toLowerCase())) ctx.addIssue({ code: 'custom', message: `Choose ${what}` });
      else if (file.size > PASS_CREDENTIAL_MAX_BYTES)
        ctx.addIssue({ code: 'custom', message: `The file is ${formatBytes(file.size)}; at most ${formatBytes(PASS_CREDENTIAL_MAX_BYTES)}` });
    });
}

/** What differs between the two wallets' credentials cards. */
const WALLET_CARD = {
  apple: {
    icon: <AppleIcon className="size-4" aria-hidden />,
    description: 'Your pass type certificate from the Apple Developer portal.',
    replaceHeading: 'Replace the certificate',
    uploadHeading: 'Upload your certificate',
    errorTitle: 'Could not save the Apple credentials',
    submitLabel: 'Save Apple credentials',
  },
  google: {
    icon: <WalletIcon className="size-4" aria-hidden />,
    description: 'Your issuer and a service account allowed to issue its passes.',
    replaceHeading: 'Replace the service account',
    uploadHeading: 'Upload your service account',
    errorTitle: 'Could not save the Google credentials',
    submitLabel: 'Save Google credentials',
  },
} as const;

/** One wallet's signing credentials: where they come from, what they are, and (for managers) the form that replaces them. */
function CredentialsCard<T extends FieldValues>({
  project,
  wallet,
  canManage,
  details,
  upload,
  children,
}: {
  project: Project;
  wallet: 'apple' | 'google';
  canManage: boolean;
  details: ReactNode;
  /** The upload form as `useServerSubmit` returns it. */
  upload: { form: UseFormReturn<T>; onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>; generalError: string | null };
  /** The upload form's fields. */
  children: ReactNode;
}) {
  const { source } = project.credentials[wallet];
  const uploading = upload.form.formState.isSubmitting;
  const text = WALLET_CARD[wallet];
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2 text-base">
            {text.icon} {WALLET_NAME[wallet]}
          </CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </div>
        <StatusBadge meaning={source === 'partner' ? 'success' : 'waiting'}>{labelOfCredentialSource(source)}</StatusBadge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {source === 'development' && <DevelopmentNotice />}
        <dl className="divide-y">{details}</dl>
        {source === 'partner' && canManage && <ResetButton projectId={project.id} wallet={wallet} />}
        {canManage && (
          <Form {...upload.form}>
            <form noValidate onSubmit={(event) => void upload.onSubmit(event)} className="flex flex-col gap-4 border-t pt-4">
              <p className="text-sm font-medium">{source === 'partner' ? text.replaceHeading : text.uploadHeading}</p>
              <ErrorAlert message={upload.generalError} title={text.errorTitle} />
              <div className="grid gap-4 sm:grid-cols-2">{children}</div>
              <Button type="submit" className="w-fit" disabled={uploading}>
                {uploading && <Spinner label="Uploading" />}
                {text.submitLabel}
              </Button>
            </form>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

const isP12 = (file: File | null) => file?.name.toLowerCase().endsWith('.p12') ?? false;

const appleSchema = z
  .object({
    passTypeIdentifier: z
      .string()
      .trim()
      .regex(/^pass\.[A-Za-z0-9.-]+$/, 'Starts with "pass.", such as pass.com.example.membership'),
    teamIdentifier: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{10}$/, 'Ten capital letters and digits, as in your Apple developer account'),
    certificate: credentialFile(/\.(p12|pfx|pem)$/, 'the certificate: a .p12 export or a .pem with the certificate and key'),
    certificatePassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (isP12(values.certificate) && !values.certificatePassword)
      ctx.addIssue({ code: 'custom', path: ['certificatePassword'], message: 'The password you set when exporting the .p12' });
  });
type AppleValues = z.infer<typeof appleSchema>;
const APPLE_FIELDS = {
  passTypeIdentifier: 'passTypeIdentifier',
  teamIdentifier: 'teamIdentifier',
  certificate: 'certificate',
  certificatePassword: 'certificatePassword',
} as const;

function AppleCard({ project, canManage }: { project: Project; canManage: boolean }) {
  const apple = project.credentials.apple;
  const [upload] = useMutation(UpdateAppleCredentialsMutation, { refetchQueries: [PassSettingsQuery] });
  const form = useForm<AppleValues>({
    resolver: zodResolver(appleSchema),
    defaultValues: {
      passTypeIdentifier: apple.source === 'partner' ? apple.passTypeIdentifier : '',
      teamIdentifier: apple.source === 'partner' ? apple.teamIdentifier : '',
      certificate: null,
      certificatePassword: '',
    },
  });
  const p12 = isP12(useWatch({ control: form.control, name: 'certificate' }));
  const submission = useServerSubmit(form, APPLE_FIELDS, async (values) => {
    if (!values.certificate) return;
    const { passTypeIdentifier, teamIdentifier, certificate } = values;
    await upload({ variables: { id: project.id, passTypeIdentifier, teamIdentifier, certificate, certificatePassword: values.certificatePassword || null } });
    toast({ title: 'Apple credentials saved', description: 'New and updated passes are signed with your certificate.' });
    form.setValue('certificate', null);
    form.setValue('certificatePassword', '');
  });
  return (
    <CredentialsCard
      project={project}
      wallet="apple"
      canManage={canManage}
      upload={submission}
      details={
        <>
          <DetailRow label="Pass type id" mono>
            {apple.passTypeIdentifier}
          </DetailRow>
          <DetailRow label="Team id" mono>
            {apple.teamIdentifier}
          </DetailRow>
          <DetailRow label="Certificate">{apple.certificateSubject}</DetailRow>
          <DetailRow label="Expires">{formatDate(apple.certificateExpiresAt)}</DetailRow>
        </>
      }
    >
      <InputField
        control={form.control}
        name="passTypeIdentifier"
        label="Pass type identifier"
        className="font-mono"
        placeholder="pass.com.example.membership"
      />
      <FormattedInputField
        control={form.control}
        name="teamIdentifier"
        label="Team identifier"
        format={(typed) => typed.toUpperCase()}
        className="font-mono"
        placeholder="A1B2C3D4E5"
      />
      <FileField
        control={form.control}
        name="certificate"
        label="Certificate (.p12 or .pem)"
        description={`A .p12 with its password, or a PEM holding the certificate and its private key. At most ${formatBytes(PASS_CREDENTIAL_MAX_BYTES)}.`}
        accept=".p12,.pfx,.pem,application/x-pkcs12,application/x-pem-file"
      />
      <InputField
        control={form.control}
        name="certificatePassword"
        label={p12 ? 'Certificate password' : 'Certificate password (for a .p12)'}
        type="password"
        autoComplete="off"
      />
    </CredentialsCard>
  );
}

const googleSchema = z.object({
  issuerId: z
    .string()
    .trim()
    .regex(/^\d{6,25}$/, 'The numeric issuer id from the Google Pay & Wallet console'),
  serviceAccountKey: credentialFile(/\.json$/, 'the service-account key: the .json file Google Cloud gives'),
});
type GoogleValues = z.infer<typeof googleSchema>;

function GoogleCard({ project, canManage }: { project: Project; canManage: boolean }) {
  const google = project.credentials.google;
  const [upload] = useMutation(UpdateGoogleCredentialsMutation, { refetchQueries: [PassSettingsQuery] });
  const form = useForm<GoogleValues>({
    resolver: zodResolver(googleSchema),
    defaultValues: { issuerId: google.source === 'partner' ? google.issuerId : '', serviceAccountKey: null },
  });
  const submission = useServerSubmit(form, { issuerId: 'issuerId', serviceAccountKey: 'serviceAccountKey' }, async (values) => {
    if (!values.serviceAccountKey) return;
    await upload({ variables: { id: project.id, issuerId: values.issuerId, serviceAccountKey: values.serviceAccountKey } });
    toast({ title: 'Google credentials saved', description: 'Save links are signed with your service account.' });
    form.setValue('serviceAccountKey', null);
  });
  return (
    <CredentialsCard
      project={project}
      wallet="google"
      canManage={canManage}
      upload={submission}
      details={
        <>
          <DetailRow label="Issuer id" mono>
            {google.issuerId}
          </DetailRow>
          <DetailRow label="Service account" mono>
            {google.serviceAccountEmail}
          </DetailRow>
        </>
      }
    >
      <InputField control={form.control} name="issuerId" label="Issuer id" inputMode="numeric" className="font-mono" placeholder="3388000000012345678" />
      <FileField
        control={form.control}
        name="serviceAccountKey"
        label="Service-account key (.json)"
        description={`The JSON key of a service account with access to the issuer. At most ${formatBytes(PASS_CREDENTIAL_MAX_BYTES)}.`}
        accept=".json,application/json"
      />
    </CredentialsCard>
  );
}

function ApiCard({ project }: { project: Project }) {
  const example = curlExample(project.apiBaseUrl);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <TerminalIcon className="size-4" aria-hidden /> REST API
        </CardTitle>
        <CardDescription>Your server calls it with one of the project's API keys.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <CopyBox value={project.apiBaseUrl} label="Copy the base URL" testId="passes-api-base-url" />
        <div className="relative">
          <pre className="overflow-x-auto rounded-md bg-muted p-3 pr-10 font-mono text-xs">{example}</pre>
          <span className="absolute top-1 right-1">
            <CopyButton value={example} label="Copy the example" />
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          Then have the holder sign a Sign-In with Ethereum message carrying the nonce, and send it with its signature and a template id to{' '}
          <code className="font-mono">POST /passes</code>.
        </p>
      </CardContent>
    </Card>
  );
}

/** Settings: project details, wallet credentials, and the REST API. */
export function SettingsScreen() {
  const { projectId, data, loading, error, refetch } = useProjectQuery(PassSettingsQuery);
  const canManage = usePermission('passes:manage');
  const project = data?.passProject;
  return (
    <ProjectFrame projectId={projectId} section="settings" description="The project's details, the credentials that sign its passes, and its API.">
      {error && <QueryErrorAlert title="Could not load the settings" error={error} onRetry={refetch} />}
      {loading && !project ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        project && (
          <div className="grid gap-6 xl:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-6">
              <ProjectCard project={project} canManage={canManage} />
              <ApiCard project={project} />
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <AppleCard project={project} canManage={canManage} />
              <GoogleCard project={project} canManage={canManage} />
            </div>
          </div>
        )
      )}
    </ProjectFrame>
  );
}
