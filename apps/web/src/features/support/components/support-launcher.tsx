import { useMutation, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, LifeBuoyIcon, MailIcon, PlusIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { supportRequestSchema } from '@rampart/shared/support';
import { ErrorAlert } from '@/components/form-alert';
import { InputField } from '@/components/form/input-field';
import { SubmitButton } from '@/components/form/submit-button';
import { TextareaField } from '@/components/form/textarea-field';
import { SupportMessages, SupportReplyForm, SupportStatusBadge } from '@/components/support-thread';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { getRuntimeConfig } from '@/config/runtime-config';
import { CreateSupportRequestMutation, ReplyToSupportRequestMutation, SupportRequestsQuery } from '@/features/support/api/support';
import type { SupportIdentity } from '@/features/support/lib/support-identity';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { formatDateTime } from '@/lib/format';

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'request'; id: string; justSent: boolean };

/**
 * The built-in support chat when Intercom is not configured: the account's support requests, each a conversation with
 * Rampart's support staff (modules/support). A new request is e-mailed to the support team and waits in their inbox.
 */
export function SupportLauncher({ identity, initiallyOpen = false }: { identity: SupportIdentity; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [view, setView] = useState<View>({ kind: 'list' });
  const { supportEmail } = getRuntimeConfig();
  const query = useQuery(SupportRequestsQuery, { variables: { accountId: identity.accountId }, skip: !open, fetchPolicy: 'cache-and-network' });
  const requests = (query.data ?? query.previousData)?.supportRequests ?? [];
  const refetch = { refetchQueries: ['Support_Requests'], awaitRefetchQueries: true };
  const [reply] = useMutation(ReplyToSupportRequestMutation, refetch);
  const shown = view.kind === 'request' ? requests.find((request) => request.id === view.id) : undefined;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) setView({ kind: 'list' });
  }

  const subject = encodeURIComponent(`Support request from ${identity.organizationName}`);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        {/* A header button, not a floating one: it never covers content or the last column of a table. */}
        <Button variant="ghost" className="size-9 px-0 xl:w-auto xl:px-3" aria-label="Support">
          <LifeBuoyIcon aria-hidden />
          <span className="hidden xl:inline">Support</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent side="bottom" align="end" className="flex max-h-[min(36rem,80vh)] w-[min(24rem,calc(100vw-1rem))] flex-col p-0" aria-label="Support">
        <div className="flex items-start justify-between gap-2 border-b px-4 py-3">
          <div className="flex items-start gap-1">
            {view.kind !== 'list' && (
              <Button variant="ghost" size="icon" className="-ml-2 size-7" aria-label="All support requests" onClick={() => setView({ kind: 'list' })}>
                <ArrowLeftIcon aria-hidden />
              </Button>
            )}
            <div>
              <h2 className="text-sm font-semibold">Rampart support</h2>
              <p className="text-xs text-muted-foreground">
                {identity.plan} plan · {identity.organizationName}
              </p>
            </div>
          </div>
          <Button variant="ghost" size="icon" className="size-7" aria-label="Close support" onClick={() => onOpenChange(false)}>
            <XIcon aria-hidden />
          </Button>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-4 text-sm">
          {view.kind === 'new' ? (
            <NewRequestForm accountId={identity.accountId} onSent={(id) => setView({ kind: 'request', id, justSent: true })} />
          ) : view.kind === 'request' && shown ? (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-medium break-words">{shown.subject}</h3>
                <SupportStatusBadge status={shown.status} reader="partner" />
              </div>
              {view.justSent && (
                <p role="status" className="rounded-md bg-accent p-3 text-accent-foreground">
                  Sent to Rampart’s support team. Their reply appears here, and we e-mail it to {identity.email}.
                </p>
              )}
              <SupportMessages messages={shown.messages} />
              <SupportReplyForm
                label="Your reply"
                submitLabel="Send reply"
                onReply={async (body) => {
                  await reply({ variables: { id: shown.id, body } });
                }}
              />
            </>
          ) : (
            <>
              <p className="text-muted-foreground">
                Ask about your integration, payouts or verification. Your message goes to Rampart’s support team; their replies appear here and are e-mailed to{' '}
                {identity.email}.
              </p>
              <Button onClick={() => setView({ kind: 'new' })}>
                <PlusIcon aria-hidden /> New support request
              </Button>
              <RequestList
                loading={query.loading && !query.data && !query.previousData}
                failed={Boolean(query.error)}
                requests={requests}
                onOpen={(id) => setView({ kind: 'request', id, justSent: false })}
              />
              {supportEmail && (
                <Button asChild variant="outline">
                  <a href={`mailto:${supportEmail}?subject=${subject}`}>
                    <MailIcon aria-hidden /> E-mail {supportEmail}
                  </a>
                </Button>
              )}
            </>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}

function RequestList({
  loading,
  failed,
  requests,
  onOpen,
}: {
  loading: boolean;
  failed: boolean;
  requests: ReadonlyArray<{ id: string; subject: string; status: 'Open' | 'Answered' | 'Closed'; updatedAt: string }>;
  onOpen: (id: string) => void;
}) {
  if (loading) return <Skeleton className="h-16" />;
  if (failed) return <p className="text-destructive">Your support requests could not be loaded. Close and open Support to try again.</p>;
  if (requests.length === 0) return null;
  return (
    <section aria-label="Your support requests" className="flex flex-col gap-1">
      <h3 className="text-xs font-medium text-muted-foreground">Your support requests</h3>
      <ul className="flex flex-col divide-y rounded-md border">
        {requests.map((request) => (
          <li key={request.id}>
            <button
              type="button"
              className="flex w-full flex-col gap-1 px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent"
              onClick={() => onOpen(request.id)}
            >
              <span className="font-medium break-words">{request.subject}</span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <SupportStatusBadge status={request.status} reader="partner" />
                {formatDateTime(request.updatedAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NewRequestForm({ accountId, onSent }: { accountId: string; onSent: (id: string) => void }) {
  const [create] = useMutation(CreateSupportRequestMutation, { refetchQueries: ['Support_Requests'], awaitRefetchQueries: true });
  const form = useForm({ resolver: zodResolver(supportRequestSchema), defaultValues: { subject: '', body: '' } });
  const { onSubmit, generalError } = useServerSubmit(form, { subject: 'subject', body: 'body' }, async (values) => {
    const { data } = await create({ variables: { accountId, ...values } });
    if (data) onSent(data.createSupportRequest.id);
  });
  return (
    <Form {...form}>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3" noValidate>
        <InputField control={form.control} name="subject" label="Subject" />
        <TextareaField control={form.control} name="body" label="Message" rows={5} />
        <ErrorAlert message={generalError} title="Not sent" />
        <SubmitButton pendingLabel="Sending">Send to support</SubmitButton>
      </form>
    </Form>
  );
}
