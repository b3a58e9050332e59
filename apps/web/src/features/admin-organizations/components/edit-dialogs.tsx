import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { PencilIcon } from 'lucide-react';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { KYB_LEVELS } from '@rampart/shared/account-status';
import { FormDialog, type FormDialogProps } from '@/components/form/form-dialog';
import { InputField } from '@/components/form/input-field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { Button } from '@/components/ui/button';
import { UpdatePartnerAccountMutation, UpdatePartnerOrganizationMutation } from '@/features/admin-organizations/api/organization';
import { useEditDialog } from '@/hooks/use-edit-dialog';
import { toast } from '@/hooks/use-toast';

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

/** Both edit dialogs: wide, saved with Save, and saying the change is audited. */
function EditDialog<T extends FieldValues, R>(props: Omit<FormDialogProps<T, R>, 'className' | 'description' | 'submitLabel'>) {
  return <FormDialog {...props} className="sm:max-w-lg" description="The change is written to the audit trail." submitLabel="Save" />;
}

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
  const dialog = useEditDialog(form, { name: 'name', internalName: 'internalName' }, initial, async (values) => {
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
  });

  return (
    <EditDialog
      {...dialog}
      form={form}
      trigger={
        <Button type="button" size="sm" variant="outline" aria-label={`Edit ${account.name}`}>
          <PencilIcon aria-hidden /> Edit
        </Button>
      }
      title={`Edit ${account.name}`}
      errorTitle="Could not save the account"
    >
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
    </EditDialog>
  );
}

/** Staff rename an organization (organization:edit). */
export function EditOrganizationDialog({ organization }: { organization: { id: string; name: string; publicName?: string | null } }) {
  const [update] = useMutation(UpdatePartnerOrganizationMutation);
  const initial = (): OrganizationValues => ({ name: organization.name, publicName: organization.publicName ?? '' });
  const form = useForm<OrganizationValues>({ resolver: zodResolver(organizationFormSchema), defaultValues: initial() });
  const dialog = useEditDialog(form, { name: 'name', publicName: 'publicName' }, initial, async (values) => {
    await update({ variables: { id: organization.id, name: values.name, publicName: values.publicName || null } });
    toast({ title: 'Organization saved' });
  });

  return (
    <EditDialog
      {...dialog}
      form={form}
      trigger={
        <Button type="button" variant="outline">
          <PencilIcon aria-hidden /> Edit organization
        </Button>
      }
      title={`Edit ${organization.name}`}
      errorTitle="Could not save the organization"
    >
      <InputField control={form.control} name="name" label="Legal name" />
      <InputField control={form.control} name="publicName" label="Public name (optional)" />
    </EditDialog>
  );
}
