import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { blockedListEntrySchema } from '@rampart/shared/go-live';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { CountryField } from '@/components/form/country-field';
import { IndustryField } from '@/components/form/industry-field';
import { SelectField } from '@/components/form/select-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { SubmitButton } from '@/components/form/submit-button';
import type { KybReview_BlockedListEntryFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';
import { BLOCKED_ACTION_LABEL, BLOCKED_KIND_LABEL, formatCountry } from '@/lib/format';
import { UpsertBlockedListEntryMutation } from '@/features/kyb-review/api/blocked-list';

type Input = z.input<typeof blockedListEntrySchema>;
type Output = z.output<typeof blockedListEntrySchema>;

const ACTION_HELP: Record<Output['action'], string> = {
  Block: 'Accounts from here cannot go live; they see the reason.',
  Redirect: 'Accounts from here can go live, but their customers are redirected; they see the reason.',
};

/**
 * Adds an entry, or changes the action and reason of one (`entry`); the kind and value name the entry, so they are
 * fixed when editing. `open` with no entry adds.
 */
export function BlockedEntryDialog({
  open,
  entry,
  onOpenChange,
}: {
  open: boolean;
  entry: KybReview_BlockedListEntryFragment | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [upsert] = useMutation(UpsertBlockedListEntryMutation, { refetchQueries: ['KybReview_BlockedList'], awaitRefetchQueries: true });
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(blockedListEntrySchema),
    defaultValues: { kind: 'country', value: '', action: 'Block', reason: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setFailure(null);
      form.reset(
        entry
          ? { kind: entry.kind, value: entry.value, action: entry.action, reason: entry.reason }
          : { kind: 'country', value: '', action: 'Block', reason: '' },
      );
    }
  }, [open, entry, form]);
  const busy = form.formState.isSubmitting;
  const kind = form.watch('kind');
  const action = form.watch('action');

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await upsert({ variables: values });
      const name = values.kind === 'country' ? formatCountry(values.value) : values.value;
      toast({ title: entry ? `${name} updated` : `${name} added`, description: `${BLOCKED_ACTION_LABEL[values.action]}: ${values.reason}` });
      onOpenChange(false);
    } catch (error) {
      setFailure(applyServerErrors(form, error, { kind: 'kind', value: 'value', action: 'action', reason: 'reason' }));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <Form {...form}>
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{entry ? 'Change a blocked-list entry' : 'Add to the blocked list'}</DialogTitle>
              <DialogDescription>Checked against each account’s KYB country and industry. The change is written to the audit trail.</DialogDescription>
            </DialogHeader>
            <SelectField
              control={form.control}
              name="kind"
              label="Kind"
              disabled={entry !== null}
              options={(['country', 'industry'] as const).map((option) => ({ value: option, label: BLOCKED_KIND_LABEL[option] }))}
              onValueChange={() => form.setValue('value', '')}
            />
            {kind === 'country' ? (
              <CountryField key="country" control={form.control} name="value" label="Country" disabled={entry !== null} />
            ) : (
              <IndustryField key="industry" control={form.control} name="value" label="Industry" disabled={entry !== null} />
            )}
            <SelectField
              control={form.control}
              name="action"
              label="Action"
              options={(['Block', 'Redirect'] as const).map((option) => ({ value: option, label: BLOCKED_ACTION_LABEL[option] }))}
              description={ACTION_HELP[action]}
            />
            <TextareaField control={form.control} name="reason" label="Reason" rows={3} description="Partners from here read this." />
            <ErrorAlert title="Could not save the entry" message={failure} />
            <DialogFooter>
              <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <SubmitButton pendingLabel="Saving">{entry ? 'Save' : 'Add'}</SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
