import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { KYB_LEVELS } from '@rampart/shared/account-status';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { ErrorAlert } from '@/components/form-alert';
import { InputField } from '@/components/form/input-field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { UpdatePartnerAccountMutation, UpdatePartnerOrganizationMutation } from '@/features/admin-organizations/api/organization';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';

const NONE = 'none';
const nameField = (what: string) => z.string().trim().min(1, `Enter the ${what} name`).max(200, 'At most 200 characters');
const optionalName = z.string().trim().max(200, 'At most 200 characters');
// The server parses the same rules (@rampart/shared/account-status); the form holds "none" for no manual level.
const accountFormSchema = z.object({
  name: nameField('account'),
  internalName: optionalName,
  requiresEnhancedKyb: z.boolean(),
  kybLevelRequiredToGoLive: z.enum(KYB_LEVELS),
  manualLevel: z.enum([NONE, ...KYB_LEVELS]),
});
const organizationFormSchema = z.object({ name: nameField('organization'), publicName: optionalName });
type AccountValues = z.infer<typeof accountFormSchema>;
type OrganizationValues = z.infer<typeof organizationFormSchema>;

/** Staff edit an account's names and the KYB levels it needs (account:edit). */
export function EditAccountDialog({
  account,
}: {
  account: {
    id: string;
    name: string;
    internalName?: string | null;
    whiteGloveInformation: { requiresEnhancedKyb: boolean };
    kybInformation: { kybLevelRequiredToGoLive: string; manuallyRequestedKybLevel?: string | null };
  };
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [update] = useMutation(UpdatePartnerAccountMutation);
  const initial = (): AccountValues => ({
    name: account.name,
    internalName: account.internalName ?? '',
    requiresEnhancedKyb: account.whiteGloveInformation.requiresEnhancedKyb,
    kybLevelRequiredToGoLive: account.kybInformation.kybLevelRequiredToGoLive === 'Enhanced' ? 'Enhanced' : 'Basic',
    manualLevel:
      account.kybInformation.manuallyRequestedKybLevel === 'Basic' || account.kybInformation.manuallyRequestedKybLevel === 'Enhanced'
        ? account.kybInformation.manuallyRequestedKybLevel
        : NONE,
  });
  const form = useForm<AccountValues>({ resolver: zodResolver(accountFormSchema), defaultValues: initial() });
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update({
        variables: {
          accountId: account.id,
          input: {
            name: values.name,
            internalName: values.internalName || null,
            requiresEnhancedKyb: values.requiresEnhancedKyb,
            kybLevelRequiredToGoLive: values.kybLevelRequiredToGoLive,
            manuallyRequestedKybLevel: values.manualLevel === NONE ? null : values.manualLevel,
          },
        },
      });
      toast({ title: 'Account saved' });
      setOpen(false);
    } catch (error) {
      setFailure(applyServerErrors(form, error, { name: 'name', internalName: 'internalName' }));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) form.reset(initial());
        setFailure(null);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" aria-label={`Edit ${account.name}`}>
          <PencilIcon aria-hidden /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit {account.name}</DialogTitle>
          <DialogDescription>The change is written to the audit trail.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
            <ErrorAlert message={failure} title="Could not save the account" />
            <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
              <InputField control={form.control} name="name" label="Name" description="What the partner and its customers see." />
              <InputField control={form.control} name="internalName" label="Internal name (optional)" description="Only staff see it." />
              <SwitchField
                control={form.control}
                name="requiresEnhancedKyb"
                label="Requires enhanced KYB"
                description="The organization’s business verification asks for the Enhanced level."
              />
              <SelectField control={form.control} name="kybLevelRequiredToGoLive" label="KYB level required to go live" options={KYB_LEVELS} />
              <SelectField
                control={form.control}
                name="manualLevel"
                label="Manually requested KYB level"
                options={[{ value: NONE, label: 'None' }, ...KYB_LEVELS]}
                description="A level staff asked for beyond what the products need."
              />
            </fieldset>
            <DialogFormFooter onCancel={() => setOpen(false)} busy={busy} lockCancel pendingLabel="Saving">
              Save
            </DialogFormFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Staff rename an organization (organization:edit). */
export function EditOrganizationDialog({ organization }: { organization: { id: string; name: string; publicName?: string | null } }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [update] = useMutation(UpdatePartnerOrganizationMutation);
  const initial = (): OrganizationValues => ({ name: organization.name, publicName: organization.publicName ?? '' });
  const form = useForm<OrganizationValues>({ resolver: zodResolver(organizationFormSchema), defaultValues: initial() });
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update({ variables: { id: organization.id, name: values.name, publicName: values.publicName || null } });
      toast({ title: 'Organization saved' });
      setOpen(false);
    } catch (error) {
      setFailure(applyServerErrors(form, error, { name: 'name', publicName: 'publicName' }));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) form.reset(initial());
        setFailure(null);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <PencilIcon aria-hidden /> Edit organization
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit {organization.name}</DialogTitle>
          <DialogDescription>The change is written to the audit trail.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
            <ErrorAlert message={failure} title="Could not save the organization" />
            <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
              <InputField control={form.control} name="name" label="Legal name" />
              <InputField control={form.control} name="publicName" label="Public name (optional)" />
            </fieldset>
            <DialogFormFooter onCancel={() => setOpen(false)} busy={busy} lockCancel pendingLabel="Saving">
              Save
            </DialogFormFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
