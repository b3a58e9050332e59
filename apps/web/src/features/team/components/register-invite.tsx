import { zodResolver } from '@hookform/resolvers/zod';
import { resetSignedInData, usePublicMutation, usePublicQuery } from '@/lib/public-graphql';
import { signupByInviteSchema } from '@rampart/shared/team-schemas';
import { Building2Icon, CalendarClockIcon, MailIcon, ShieldIcon, UserIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/routes';
import { TeamAcceptInviteMutation, TeamMembershipInviteQuery, TeamSignupByInviteMutation } from '@/features/team/api/invite';
import { formatDate, roleLabel } from '@/features/team/lib/format';
import type { Team_MembershipInviteQuery } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';
import { describeApiError } from '@/lib/graphql-errors';
import { setSelectedAccountId, setTestMode } from '@/lib/local-state';
import { hasCsrfToken, storeCsrfToken } from '@/lib/session';
import { InputField } from '@/components/form/input-field';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';

type Invite = Team_MembershipInviteQuery['membershipInvite'];

const registerSchema = signupByInviteSchema
  .pick({ name: true, password: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' });

function inviteError(error: unknown): string {
  const info = describeApiError(error);
  return info.fields['inviteToken'] ?? info.message;
}

/** Opens the invited account: selected, in test mode (the dashboard lifts it for verified accounts on request). */
function openAccount(accountId: string | undefined) {
  if (accountId) setSelectedAccountId(accountId);
  setTestMode(true);
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 text-muted-foreground [&_svg]:size-4" aria-hidden>
        {icon}
      </span>
      <div className="flex min-w-0 flex-col">
        <dt className="text-xs text-muted-foreground">{label}</dt>
        <dd className="truncate text-sm font-medium">{children}</dd>
      </div>
    </div>
  );
}

function InviteSummary({ invite }: { invite: Invite }) {
  return (
    <dl className="grid gap-3 rounded-lg border bg-muted/40 p-4 sm:grid-cols-2">
      <Detail icon={<Building2Icon />} label="Account">
        {invite.accountName}
        <span className="block truncate text-xs font-normal text-muted-foreground">{invite.organizationName}</span>
      </Detail>
      <Detail icon={<ShieldIcon />} label="Role">
        {roleLabel(invite.role)}
      </Detail>
      <Detail icon={<UserIcon />} label="Invited by">
        {invite.invitedBy ?? 'An administrator'}
      </Detail>
      <Detail icon={<CalendarClockIcon />} label="Expires">
        {formatDate(invite.expiresAt)}
      </Detail>
      <div className="sm:col-span-2">
        <Detail icon={<MailIcon />} label="For">
          {invite.email}
        </Detail>
      </div>
    </dl>
  );
}

function NewUserForm({ invite, inviteToken }: { invite: Invite; inviteToken: string }) {
  const navigate = useNavigate();
  const [signup] = usePublicMutation(TeamSignupByInviteMutation);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(registerSchema), defaultValues: { name: '', password: '', confirmPassword: '' } });

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const { data } = await signup({ variables: { name: values.name, password: values.password, inviteToken } });
      const result = data?.signupByInvite;
      if (!result) throw new Error('Empty sign-up response');
      await resetSignedInData();
      storeCsrfToken(result.csrfToken);
      openAccount(result.user.memberships[0]?.account.id);
      toast({ title: `Welcome to ${invite.accountName}`, description: `You joined as ${roleLabel(invite.role).toLowerCase()}.` });
      void navigate(ROUTES.dashboard, { replace: true });
    } catch (error) {
      const info = describeApiError(error);
      setGeneralError(info.fields['inviteToken'] ?? applyServerErrors(form, error, { name: 'name', password: 'password' }));
    }
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert message={generalError} title="Could not create your account" />
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">E-mail</span>
          <Input value={invite.email} readOnly disabled aria-label="E-mail" />
        </div>
        <InputField control={form.control} name="name" label="Full name" autoComplete="name" placeholder="Ada Lovelace" />
        <PasswordField control={form.control} name="password" label="Password" autoComplete="new-password" />
        <PasswordField control={form.control} name="confirmPassword" label="Confirm password" autoComplete="new-password" />
        <SubmitButton pendingLabel="Creating your account">Create account and join</SubmitButton>
      </form>
    </Form>
  );
}

function ExistingUserAccept({ invite, inviteToken }: { invite: Invite; inviteToken: string }) {
  const navigate = useNavigate();
  const [accept, { loading }] = usePublicMutation(TeamAcceptInviteMutation);
  const [error, setError] = useState<string | null>(null);
  const from = `${ROUTES.register}?inviteToken=${encodeURIComponent(inviteToken)}`;

  if (!hasCsrfToken()) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          {invite.email} already has a Rampart account. Sign in as {invite.email} to accept the invitation.
        </p>
        <Button asChild>
          <Link to={`${ROUTES.login}?from=${encodeURIComponent(from)}`} state={{ from }}>
            Sign in to accept
          </Link>
        </Button>
      </div>
    );
  }

  async function acceptInvite() {
    setError(null);
    try {
      const { data } = await accept({ variables: { inviteToken } });
      // clearStore, not resetStore: refetching this page's invitation would now fail (it is used).
      await resetSignedInData();
      openAccount(data?.acceptInvite.account.id);
      toast({ title: `You joined ${invite.accountName}`, description: `Your role: ${roleLabel(invite.role).toLowerCase()}.` });
      void navigate(ROUTES.dashboard, { replace: true });
    } catch (caught) {
      setError(inviteError(caught));
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <ErrorAlert message={error} title="Could not accept the invitation" />
      <Button onClick={() => void acceptInvite()} disabled={loading}>
        {loading && <Spinner label="Accepting" />}
        Accept invitation
      </Button>
      <Button asChild variant="ghost">
        <Link to={ROUTES.dashboard}>Not now</Link>
      </Button>
    </div>
  );
}

/** /register?inviteToken=…: shows the invitation, then registers a new user or lets an existing one accept. */
export function RegisterInvite({ inviteToken }: { inviteToken: string | null }) {
  const { data, loading, error } = usePublicQuery(TeamMembershipInviteQuery, {
    variables: { inviteToken: inviteToken ?? '' },
    skip: !inviteToken,
  });
  const footer = (
    <p>
      Already a member?{' '}
      <Link className="font-medium text-primary underline-offset-4 hover:underline" to={ROUTES.login}>
        Sign in
      </Link>
    </p>
  );

  if (!inviteToken || error) {
    return (
      <AuthCard title="Join your team" description="This invitation cannot be used. Ask an administrator of the account to send you a new one." footer={footer}>
        <ErrorAlert title="Invitation not valid" message={inviteToken ? inviteError(error) : 'This invitation link is not valid.'} />
      </AuthCard>
    );
  }
  if (loading || !data) {
    return (
      <AuthCard title="Join your team">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-9 w-full" />
      </AuthCard>
    );
  }
  const invite = data.membershipInvite;
  return (
    <AuthCard
      title={`Join ${invite.accountName}`}
      description={invite.isExistingUser ? 'You were invited to a team on Rampart.' : 'You were invited to a team on Rampart. Create your account to join.'}
      footer={footer}
      className="max-w-lg"
    >
      <InviteSummary invite={invite} />
      {invite.isExistingUser ? <ExistingUserAccept invite={invite} inviteToken={inviteToken} /> : <NewUserForm invite={invite} inviteToken={inviteToken} />}
    </AuthCard>
  );
}
