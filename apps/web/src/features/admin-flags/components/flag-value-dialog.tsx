import { useMutation, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { SearchField } from '@/components/search-field';
import { RadioGroupField } from '@/components/form/radio-group-field';
import { SubmitButton } from '@/components/form/submit-button';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FlagTargetsQuery, SetFeatureFlagMutation } from '@/features/admin-flags/api/feature-flags';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';

/** Whom a value is for: every partner (the default), one organization, or one account. */
export type FlagTarget = { kind: 'default' } | { kind: 'organization' | 'account'; id: string; name: string };

const schema = z
  .object({
    scope: z.enum(['default', 'organization', 'account']),
    targetId: z.string(),
    value: z.enum(['on', 'off', 'inherit']),
    reason: z.string().trim().min(1, 'Say why: the reason is kept in the audit trail.').max(500, 'At most 500 characters'),
  })
  .superRefine((input, ctx) => {
    if (input.scope !== 'default' && !input.targetId) ctx.addIssue({ code: 'custom', path: ['targetId'], message: `Choose the ${input.scope}.` });
    if (input.scope === 'default' && input.value === 'inherit') ctx.addIssue({ code: 'custom', path: ['value'], message: 'The default is on or off.' });
  });
type Values = z.infer<typeof schema>;

/**
 * Sets a flag's value for every partner, an organization or an account. `target` fixed: changing that value; null:
 * choosing whom for (organizations and their accounts found by name).
 */
export function FlagValueDialog({
  flag,
  target,
  current,
  onOpenChange,
}: {
  flag: string | null;
  target: FlagTarget | null;
  current: boolean | null;
  onOpenChange: (open: boolean) => void;
}) {
  const open = flag !== null;
  const [save] = useMutation(SetFeatureFlagMutation, { refetchQueries: ['AdminFlags_List'], awaitRefetchQueries: true });
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { scope: 'organization', targetId: '', value: 'off', reason: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  useEffect(() => {
    if (!open) return;
    setFailure(null);
    setSearch('');
    form.reset({
      scope: target?.kind ?? 'organization',
      targetId: target && target.kind !== 'default' ? target.id : '',
      value: current === null ? (target?.kind === 'default' ? 'on' : 'inherit') : current ? 'on' : 'off',
      reason: '',
    });
  }, [open, target, current, form]);
  const scope = form.watch('scope');
  const targets = useQuery(FlagTargetsQuery, { variables: { search: deferredSearch.trim() || null }, skip: !open || target !== null || scope === 'default' });
  const organizations = (targets.data ?? targets.previousData)?.organizations ?? [];
  const options =
    scope === 'organization'
      ? organizations.map((o) => ({ value: o.id, label: o.name, description: o.id }))
      : organizations.flatMap((o) => o.accounts.map((a) => ({ value: a.id, label: a.name, description: `${o.name} · ${a.id}` })));

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save({
        variables: {
          flag: flag!,
          organizationId: values.scope === 'organization' ? values.targetId : null,
          accountId: values.scope === 'account' ? values.targetId : null,
          enabled: values.value === 'inherit' ? null : values.value === 'on',
          reason: values.reason,
        },
      });
      toast({ title: `${flag} saved`, description: values.reason });
      onOpenChange(false);
    } catch (error) {
      setFailure(applyServerErrors(form, error, { reason: 'reason', organizationId: 'targetId', accountId: 'targetId', enabled: 'value' }));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !form.formState.isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <Form {...form}>
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>
                {target?.kind === 'default' ? `Default of ${flag}` : target ? `${flag} for ${target.name}` : `Set ${flag} for an organization or account`}
              </DialogTitle>
              <DialogDescription>
                An account’s value overrides its organization’s, which overrides the default. Partners’ dashboards follow it when they next load; it is written
                to the audit trail with the value before and after.
              </DialogDescription>
            </DialogHeader>
            {target === null ? (
              <>
                <RadioGroupField
                  control={form.control}
                  name="scope"
                  label="For"
                  className="grid-cols-2"
                  options={[
                    { value: 'organization', label: 'An organization' },
                    { value: 'account', label: 'An account' },
                  ]}
                />
                <SearchField id="flag-target-search" label="Find by name or id" value={search} onChange={setSearch} placeholder="Search organizations" />
                <RadioGroupField
                  key={scope}
                  control={form.control}
                  name="targetId"
                  label={scope === 'organization' ? 'Organization' : 'Account'}
                  options={options}
                  description={options.length === 0 ? (targets.loading ? 'Searching…' : 'Nothing matches.') : undefined}
                />
              </>
            ) : null}
            <RadioGroupField
              control={form.control}
              name="value"
              label="Value"
              className={scope === 'default' ? 'grid-cols-2' : 'grid-cols-2 sm:grid-cols-3'}
              options={[
                { value: 'on', label: 'On' },
                { value: 'off', label: 'Off' },
                ...(scope === 'default' ? [] : [{ value: 'inherit', label: scope === 'account' ? 'Follow organization' : 'Follow default' }]),
              ]}
            />
            <TextareaField control={form.control} name="reason" label="Reason" rows={2} description="Kept in the audit trail." />
            <ErrorAlert title="Could not save the flag" message={failure} />
            <DialogFooter>
              <Button type="button" variant="outline" disabled={form.formState.isSubmitting} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <SubmitButton pendingLabel="Saving">Save</SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
