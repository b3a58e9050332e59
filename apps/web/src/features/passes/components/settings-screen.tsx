import { useMutation, useQuery } from '@apollo/client/react';
import { PASS_CREDENTIAL_MAX_BYTES } from '@rampart/shared/passes';
import { AppleIcon, FlaskConicalIcon, RotateCcwIcon, TerminalIcon, WalletIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { StatusBadge } from '@/components/status-badge';
import {
  PassSettingsQuery,
  ResetPassCredentialsMutation,
  UpdateAppleCredentialsMutation,
  UpdateGoogleCredentialsMutation,
  UpdatePassProjectMutation,
} from '@/features/passes/api/passes';
import { FieldRow } from '@/features/passes/components/field-row';
import { DetailRow, ProjectFrame } from '@/features/passes/components/passes-frame';
import { labelOfCredentialSource } from '@/features/passes/lib/labels';
import { curlExample, listSome, parseDomains } from '@/features/passes/lib/passes';
import type { Passes_SettingsQuery } from '@/gql/graphql';
import { usePermission } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { formatBytes, formatDate } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';
import { QueryErrorAlert } from '@/components/query-boundary';

type Project = Passes_SettingsQuery['passProject'];

function DevelopmentNotice() {
  return (
    <p
      className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
      data-testid="development-credentials"
    >
      <FlaskConicalIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <strong className="font-semibold">Development credentials — not accepted by real wallets.</strong> Rampart generated them so you can build and test;
        passes open in previews and tests only. Upload yours to go live.
      </span>
    </p>
  );
}

function ProjectCard({ project, canManage }: { project: Project; canManage: boolean }) {
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description ?? '');
  const [domains, setDomains] = useState(project.allowedDomains.join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [update, { loading }] = useMutation(UpdatePassProjectMutation);
  useEffect(() => {
    setName(project.name);
    setDescription(project.description ?? '');
    setDomains(project.allowedDomains.join('\n'));
  }, [project.name, project.description, project.allowedDomains]);
  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = 'Give the project a name';
    const parsed = parseDomains(domains);
    if (parsed.invalid.length > 0) next.allowedDomains = `Not domain names: ${listSome(parsed.invalid)} (use example.com, without https://)`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await update({ variables: { id: project.id, input: { name: name.trim(), description: description.trim() || null, allowedDomains: parsed.domains } } });
      toast({ title: 'Project saved', description: name.trim() });
    } catch (caught) {
      const info = describeApiError(caught);
      const mapped: Record<string, string> = {};
      for (const [field, message] of Object.entries(info.fields)) mapped[field.replace(/^input\./, '').replace(/\.\d+$/, '')] = message;
      setErrors(mapped);
      if (Object.keys(mapped).length === 0) setError(info.message);
    }
  }
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Project</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-4">
          <ErrorAlert message={error} title="Could not save the project" />
          <fieldset disabled={!canManage || loading} className="flex flex-col gap-4">
            <FieldRow id="pass-project-name" label="Name" error={errors.name}>
              <Input id="pass-project-name" value={name} onChange={(event) => setName(event.target.value)} aria-invalid={Boolean(errors.name)} />
            </FieldRow>
            <FieldRow id="pass-project-description" label="Description (optional)" error={errors.description}>
              <Textarea id="pass-project-description" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} />
            </FieldRow>
            <FieldRow
              id="pass-project-domains"
              label="Allowed domains"
              error={errors.allowedDomains}
              hint="The domains a holder's sign-in message may name, one per line. Empty: any domain."
            >
              <Textarea
                id="pass-project-domains"
                rows={3}
                className="font-mono text-xs"
                value={domains}
                onChange={(event) => setDomains(event.target.value)}
                placeholder="app.example.com"
                aria-invalid={Boolean(errors.allowedDomains)}
              />
            </FieldRow>
          </fieldset>
          {canManage && (
            <Button type="submit" className="w-fit" disabled={loading}>
              {loading && <Spinner label="Saving" />}
              Save project
            </Button>
          )}
        </form>
      </CardContent>
    </Card>
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

function fileIssue(file: File | null, accepted: RegExp, what: string): string | null {
  if (!file) return `Choose ${what}`;
  if (!accepted.test(file.name.toLowerCase())) return `Choose ${what}`;
  if (file.size > PASS_CREDENTIAL_MAX_BYTES) return `The file is ${formatBytes(file.size)}; at most ${formatBytes(PASS_CREDENTIAL_MAX_BYTES)}`;
  return null;
}

/** One wallet's signing credentials: where they come from, what they are, and (for managers) the form that replaces them. */
function CredentialsCard({
  projectId,
  wallet,
  icon,
  description,
  source,
  canManage,
  details,
  form,
  children,
}: {
  projectId: string;
  wallet: 'apple' | 'google';
  icon: ReactNode;
  description: string;
  source: string;
  canManage: boolean;
  details: ReactNode;
  form: {
    heading: string;
    error: string | null;
    errorTitle: string;
    onSubmit: (event: React.FormEvent) => Promise<void>;
    loading: boolean;
    submitLabel: string;
  };
  /** The upload form's fields. */
  children: ReactNode;
}) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2 text-base">
            {icon} {WALLET_NAME[wallet]}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <StatusBadge meaning={source === 'partner' ? 'success' : 'waiting'}>{labelOfCredentialSource(source)}</StatusBadge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {source === 'development' && <DevelopmentNotice />}
        <dl className="divide-y">{details}</dl>
        {source === 'partner' && canManage && <ResetButton projectId={projectId} wallet={wallet} />}
        {canManage && (
          <form noValidate onSubmit={(event) => void form.onSubmit(event)} className="flex flex-col gap-4 border-t pt-4">
            <p className="text-sm font-medium">{form.heading}</p>
            <ErrorAlert message={form.error} title={form.errorTitle} />
            <div className="grid gap-4 sm:grid-cols-2">{children}</div>
            <Button type="submit" className="w-fit" disabled={form.loading}>
              {form.loading && <Spinner label="Uploading" />}
              {form.submitLabel}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function AppleCard({ project, canManage }: { project: Project; canManage: boolean }) {
  const apple = project.credentials.apple;
  const [passTypeIdentifier, setPassTypeIdentifier] = useState(apple.source === 'partner' ? apple.passTypeIdentifier : '');
  const [teamIdentifier, setTeamIdentifier] = useState(apple.source === 'partner' ? apple.teamIdentifier : '');
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [upload, { loading }] = useMutation(UpdateAppleCredentialsMutation, { refetchQueries: [PassSettingsQuery] });
  const isP12 = file?.name.toLowerCase().endsWith('.p12') ?? false;
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const next: Record<string, string> = {};
    if (!/^pass\.[A-Za-z0-9.-]+$/.test(passTypeIdentifier.trim())) next.passTypeIdentifier = 'Starts with "pass.", such as pass.com.example.membership';
    if (!/^[A-Z0-9]{10}$/.test(teamIdentifier.trim())) next.teamIdentifier = 'Ten capital letters and digits, as in your Apple developer account';
    const issue = fileIssue(file, /\.(p12|pfx|pem)$/, 'the certificate: a .p12 export or a .pem with the certificate and key');
    if (issue) next.certificate = issue;
    if (isP12 && !password) next.certificatePassword = 'The password you set when exporting the .p12';
    setErrors(next);
    if (Object.keys(next).length > 0 || !file) return;
    try {
      await upload({
        variables: {
          id: project.id,
          passTypeIdentifier: passTypeIdentifier.trim(),
          teamIdentifier: teamIdentifier.trim(),
          certificate: file,
          certificatePassword: password || null,
        },
      });
      toast({ title: 'Apple credentials saved', description: 'New and updated passes are signed with your certificate.' });
      setFile(null);
      setPassword('');
    } catch (caught) {
      const info = describeApiError(caught);
      setErrors(info.fields);
      if (Object.keys(info.fields).length === 0) setError(info.message);
    }
  }
  return (
    <CredentialsCard
      projectId={project.id}
      wallet="apple"
      icon={<AppleIcon className="size-4" aria-hidden />}
      description="Your pass type certificate from the Apple Developer portal."
      source={apple.source}
      canManage={canManage}
      details={
        <>
          <DetailRow label="Pass type id">
            <span className="font-mono">{apple.passTypeIdentifier}</span>
          </DetailRow>
          <DetailRow label="Team id">
            <span className="font-mono">{apple.teamIdentifier}</span>
          </DetailRow>
          <DetailRow label="Certificate">{apple.certificateSubject}</DetailRow>
          <DetailRow label="Expires">{formatDate(apple.certificateExpiresAt)}</DetailRow>
        </>
      }
      form={{
        heading: apple.source === 'partner' ? 'Replace the certificate' : 'Upload your certificate',
        error,
        errorTitle: 'Could not save the Apple credentials',
        onSubmit: submit,
        loading,
        submitLabel: 'Save Apple credentials',
      }}
    >
      <FieldRow id="apple-pass-type" label="Pass type identifier" error={errors.passTypeIdentifier}>
        <Input
          id="apple-pass-type"
          value={passTypeIdentifier}
          onChange={(event) => setPassTypeIdentifier(event.target.value)}
          className="font-mono"
          placeholder="pass.com.example.membership"
          aria-invalid={Boolean(errors.passTypeIdentifier)}
        />
      </FieldRow>
      <FieldRow id="apple-team" label="Team identifier" error={errors.teamIdentifier}>
        <Input
          id="apple-team"
          value={teamIdentifier}
          onChange={(event) => setTeamIdentifier(event.target.value.toUpperCase())}
          className="font-mono"
          placeholder="A1B2C3D4E5"
          aria-invalid={Boolean(errors.teamIdentifier)}
        />
      </FieldRow>
      <FieldRow
        id="apple-certificate"
        label="Certificate (.p12 or .pem)"
        error={errors.certificate}
        hint={`A .p12 with its password, or a PEM holding the certificate and its private key. At most ${formatBytes(PASS_CREDENTIAL_MAX_BYTES)}.`}
      >
        <Input
          id="apple-certificate"
          type="file"
          accept=".p12,.pfx,.pem,application/x-pkcs12,application/x-pem-file"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          aria-invalid={Boolean(errors.certificate)}
        />
      </FieldRow>
      <FieldRow id="apple-password" label={isP12 ? 'Certificate password' : 'Certificate password (for a .p12)'} error={errors.certificatePassword}>
        <Input
          id="apple-password"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={Boolean(errors.certificatePassword)}
        />
      </FieldRow>
    </CredentialsCard>
  );
}

function GoogleCard({ project, canManage }: { project: Project; canManage: boolean }) {
  const google = project.credentials.google;
  const [issuerId, setIssuerId] = useState(google.source === 'partner' ? google.issuerId : '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [upload, { loading }] = useMutation(UpdateGoogleCredentialsMutation, { refetchQueries: [PassSettingsQuery] });
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const next: Record<string, string> = {};
    if (!/^\d{6,25}$/.test(issuerId.trim())) next.issuerId = 'The numeric issuer id from the Google Pay & Wallet console';
    const issue = fileIssue(file, /\.json$/, 'the service-account key: the .json file Google Cloud gives');
    if (issue) next.serviceAccountKey = issue;
    setErrors(next);
    if (Object.keys(next).length > 0 || !file) return;
    try {
      await upload({ variables: { id: project.id, issuerId: issuerId.trim(), serviceAccountKey: file } });
      toast({ title: 'Google credentials saved', description: 'Save links are signed with your service account.' });
      setFile(null);
    } catch (caught) {
      const info = describeApiError(caught);
      setErrors(info.fields);
      if (Object.keys(info.fields).length === 0) setError(info.message);
    }
  }
  return (
    <CredentialsCard
      projectId={project.id}
      wallet="google"
      icon={<WalletIcon className="size-4" aria-hidden />}
      description="Your issuer and a service account allowed to issue its passes."
      source={google.source}
      canManage={canManage}
      details={
        <>
          <DetailRow label="Issuer id">
            <span className="font-mono">{google.issuerId}</span>
          </DetailRow>
          <DetailRow label="Service account">
            <span className="font-mono break-all">{google.serviceAccountEmail}</span>
          </DetailRow>
        </>
      }
      form={{
        heading: google.source === 'partner' ? 'Replace the service account' : 'Upload your service account',
        error,
        errorTitle: 'Could not save the Google credentials',
        onSubmit: submit,
        loading,
        submitLabel: 'Save Google credentials',
      }}
    >
      <FieldRow id="google-issuer" label="Issuer id" error={errors.issuerId}>
        <Input
          id="google-issuer"
          inputMode="numeric"
          value={issuerId}
          onChange={(event) => setIssuerId(event.target.value)}
          className="font-mono"
          placeholder="3388000000012345678"
          aria-invalid={Boolean(errors.issuerId)}
        />
      </FieldRow>
      <FieldRow
        id="google-key"
        label="Service-account key (.json)"
        error={errors.serviceAccountKey}
        hint={`The JSON key of a service account with access to the issuer. At most ${formatBytes(PASS_CREDENTIAL_MAX_BYTES)}.`}
      >
        <Input
          id="google-key"
          type="file"
          accept=".json,application/json"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          aria-invalid={Boolean(errors.serviceAccountKey)}
        />
      </FieldRow>
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
        <div className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2">
          <code className="min-w-0 flex-1 font-mono text-sm break-all" data-testid="passes-api-base-url">
            {project.apiBaseUrl}
          </code>
          <CopyButton value={project.apiBaseUrl} label="Copy the base URL" />
        </div>
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
  const { projectId = '' } = useParams();
  const canManage = usePermission('passes:manage');
  const { data, loading, error, refetch } = useQuery(PassSettingsQuery, { variables: { id: projectId }, fetchPolicy: 'cache-and-network' });
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
