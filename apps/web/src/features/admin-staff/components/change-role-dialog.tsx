import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { ADMIN_ROLES } from '@rampart/shared/permissions';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { SelectField } from '@/components/form/select-field';
import { ChangeStaffRoleMutation } from '@/features/admin-staff/api/staff';
import { STAFF_ROLE_OPTIONS, staffRoleLabel } from '@/features/admin-staff/lib/roles';
import type { AdminStaff_MemberFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';

const roleSchema = z.object({ role: z.enum(ADMIN_ROLES, { error: 'Choose a staff role' }) });
type RoleValues = z.input<typeof roleSchema>;

/** Changes a staff member's role; it applies from their next request. */
export function ChangeRoleDialog({ member, onClose }: { member: AdminStaff_MemberFragment | null; onClose: () => void }) {
  const [changeRole] = useMutation(ChangeStaffRoleMutation);
  const form = useForm<RoleValues, unknown, z.output<typeof roleSchema>>({ resolver: zodResolver(roleSchema) });
  const { reset } = form;
  useEffect(() => {
    if (member) reset({ role: (member.role ?? undefined) as RoleValues['role'] });
  }, [member, reset]);

  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, { role: 'role' }, async (values) => {
    if (!member) return;
    await changeRole({ variables: { userId: member.id, role: values.role } });
    toast({ title: 'Role changed', description: `${member.email} is now ${staffRoleLabel(values.role)}.` });
    onClose();
  });

  return (
    <FormDialog
      open={member !== null}
      onOpenChange={(next) => {
        if (next) return;
        setGeneralError(null);
        onClose();
      }}
      className="sm:max-w-md"
      title="Change role"
      description={`${member?.email} is ${staffRoleLabel(member?.role)}. The new role applies from their next request; a role that may manage staff is given only by a SuperAdmin.`}
      form={form}
      onSubmit={onSubmit}
      generalError={generalError}
      errorTitle="Could not change the role"
      submitLabel="Change role"
    >
      <SelectField control={form.control} name="role" label="Role" options={STAFF_ROLE_OPTIONS} placeholder="Choose a role" />
    </FormDialog>
  );
}
