import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { supportMessageSchema, type SupportRequestStatus } from '@rampart/shared/support';
import { ErrorAlert } from '@/components/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { TextareaField } from '@/components/form/textarea-field';
import { StatusBadge, type StatusMeaning } from '@/components/status-badge';
import { Form } from '@/components/ui/form';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

// A support request's conversation, as the partner's support chat and the staff support inbox both show it.

export interface SupportThreadMessage {
  id: string;
  body: string;
  fromStaff: boolean;
  authorName: string;
  createdAt: string;
}

/** Whose turn it is, in the reader's words: a partner waits for support; staff see what needs a reply. */
const STATUS: Record<SupportRequestStatus, { meaning: StatusMeaning; partner: string; staff: string }> = {
  Open: { meaning: 'waiting', partner: 'Waiting for support', staff: 'Needs a reply' },
  Answered: { meaning: 'progress', partner: 'Answered', staff: 'Answered' },
  Closed: { meaning: 'neutral', partner: 'Closed', staff: 'Closed' },
};

export function SupportStatusBadge({ status, reader }: { status: SupportRequestStatus; reader: 'partner' | 'staff' }) {
  return <StatusBadge meaning={STATUS[status].meaning}>{STATUS[status][reader]}</StatusBadge>;
}

/** The messages, oldest first; staff replies set apart on the other side. */
export function SupportMessages({ messages, className }: { messages: readonly SupportThreadMessage[]; className?: string }) {
  return (
    <ol className={cn('flex flex-col gap-2', className)} aria-label="Messages">
      {messages.map((message) => (
        <li
          key={message.id}
          className={cn(
            'max-w-[90%] rounded-lg border px-3 py-2 text-sm',
            message.fromStaff ? 'self-start bg-accent text-accent-foreground' : 'self-end bg-card',
          )}
        >
          <p className="text-xs font-medium text-muted-foreground">
            {message.authorName} · {formatDateTime(message.createdAt)}
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}

const replySchema = z.object({ body: supportMessageSchema });

/** A reply box; `onReply` sends it (the form shows the server's refusal next to the field). */
export function SupportReplyForm({ label, submitLabel, onReply }: { label: string; submitLabel: string; onReply: (body: string) => Promise<void> }) {
  const form = useForm({ resolver: zodResolver(replySchema), defaultValues: { body: '' } });
  const { onSubmit, generalError } = useServerSubmit(form, { body: 'body' }, async ({ body }) => {
    await onReply(body);
    form.reset({ body: '' });
  });
  return (
    <Form {...form}>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2" noValidate>
        <TextareaField control={form.control} name="body" label={label} rows={3} />
        <ErrorAlert message={generalError} title="Not sent" />
        <SubmitButton pendingLabel="Sending" className="self-end">
          {submitLabel}
        </SubmitButton>
      </form>
    </Form>
  );
}
