import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { ADMIN_ROLES } from '@rampart/shared/permissions';
import { emailSchema, personNameSchema } from '@rampart/shared/identity-schemas';
import { UserPlusIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { InputField } from '@/components/form/input-field';
import { OptionalLabel } from '@/components/form/optional-label';
import { SelectField } from '@/components/form/select-field';
import { Button } from '@/components/ui/button';
import { InviteStaffMemberMutation, StaffMembersQuery } from '@/features/admin-staff/api/staff';
import { STAFF_ROLE_OPTIONS, staffRoleLabel } from '@/features/admin-staff/lib/roles';
import { toast } from '@/hooks/use-toast';
import { useCreateDialog } from '@/hooks/use-edit-dialog';

const inviteSchema = z.object({
  email: emailSchema,
  role: z.enum(ADMIN_ROLES, { error: 'Choose a staff role' }),
  name: z.union([z.literal(''), personNameSchema]),
});
type InviteValues = z.input<typeof inviteSchema>;

/** Invites a staff member by e-mail: the same set-password invitation as `npm run admin -- create-staff`. */
export function InviteStaffDialog() {
  const [invite] = useMutation(InviteStaffMemberMutation, { refetchQueries: [StaffMembersQuery], awaitRefetchQueries: true });
  const form = useForm<InviteValues, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: undefined, name: '' },
  });

  const dialog = useCreateDialog(form, { email: 'email', role: 'role', name: 'name' }, async (values) => {
    const { data } = await invite({ variables: { email: values.email, role: values.role, name: values.name || null } });
    const member = data?.inviteStaffMember;
    toast({
      title: member?.status === 'Invited' ? 'Invitation sent' : 'Staff member added',
      description:
        member?.status === 'Invited'
          ? `${values.email} can choose a password from the e-mailed link, as ${staffRoleLabel(values.role)}.`
          : `${values.email} already had a Rampart password and is now staff as ${staffRoleLabel(values.role)}; an e-mail told them.`,
    });
  });

  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button>
          <UserPlusIcon aria-hidden /> Invite staff member
        </Button>
      }
      className="sm:max-w-md"
      title="Invite a staff member"
      description="They get an e-mail with a link to choose a password (it works once, for 72 hours), and must turn on two-factor authentication before their first staff action."
      errorTitle="Could not send the invitation"
      submitLabel="Send invitation"
      pendingLabel="Sending"
    >
      <InputField control={form.control} name="email" label="E-mail" type="email" autoComplete="off" placeholder="colleague@provider.com" autoFocus />
      <InputField
        control={form.control}
        name="name"
        label={<OptionalLabel>Name</OptionalLabel>}
        autoComplete="off"
        placeholder="First and last name"
        description="Otherwise the part of the address before the @, until they change it."
      />
      <SelectField control={form.control} name="role" label="Role" options={STAFF_ROLE_OPTIONS} placeholder="Choose a role" />
    </FormDialog>
  );
}
