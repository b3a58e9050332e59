import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { inviteMemberSchema } from '@rampart/shared/team-schemas';
import { UserPlusIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { TeamInviteMutation, TeamMembersQuery } from '@/features/team/api/team';
import { ROLE_OPTIONS, roleLabel } from '@/features/team/lib/format';
import { toast } from '@/hooks/use-toast';
import { useCreateDialog } from '@/hooks/use-edit-dialog';
import { InputField } from '@/components/form/input-field';
import { SelectField } from '@/components/form/select-field';

type InviteValues = z.input<typeof inviteMemberSchema>;

export function InviteMemberDialog({ accountId, accountName }: { accountId: string; accountName: string }) {
  const [invite] = useMutation(TeamInviteMutation, { refetchQueries: [TeamMembersQuery], awaitRefetchQueries: true });
  const form = useForm<InviteValues, unknown, z.output<typeof inviteMemberSchema>>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', role: 'developer' },
  });
  const role = useWatch({ control: form.control, name: 'role' });

  const dialog = useCreateDialog(form, { email: 'email', role: 'role' }, async (values) => {
    await invite({ variables: { ...values, accountId } });
    toast({ title: 'Invitation sent', description: `${values.email} is invited as ${roleLabel(values.role).toLowerCase()}.` });
  });

  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button>
          <UserPlusIcon aria-hidden /> Invite member
        </Button>
      }
      className="sm:max-w-md"
      title="Invite a member"
      description={<>They get an e-mail to join {accountName}. The invitation works once and for 7 days.</>}
      errorTitle="Could not send the invitation"
    >
      <InputField control={form.control} name="email" label="E-mail" type="email" autoComplete="off" placeholder="teammate@company.com" autoFocus />
      <SelectField
        control={form.control}
        name="role"
        label="Role"
        options={ROLE_OPTIONS.map(({ value, label }) => ({ value, label }))}
        placeholder="Choose a role"
        description={ROLE_OPTIONS.find((option) => option.value === role)?.description}
      />
      <DialogSubmitFooter onCancel={() => dialog.onOpenChange(false)} pendingLabel="Sending">
        Send invitation
      </DialogSubmitFooter>
    </FormDialog>
  );
}
