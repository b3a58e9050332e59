import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlertDialog } from '@/components/form/form-alert-dialog';
import { InputField } from '@/components/form/input-field';
import { UpdateStaffCustomerMutation } from '@/features/admin-customers/api/customers';
import { toast } from '@/hooks/use-toast';
import { serverFieldMap } from '@/lib/form-errors';

const schema = z.object({
  firstName: z.string().trim().max(100, 'At most 100 characters'),
  lastName: z.string().trim().max(100, 'At most 100 characters'),
  email: z
    .string()
    .trim()
    .max(254, 'At most 254 characters')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid e-mail address'),
  country: z
    .string()
    .trim()
    .refine((value) => value === '' || /^[A-Za-z]{2}$/.test(value), 'Two letters, such as GB'),
});
type Values = z.infer<typeof schema>;

export interface EditableCustomer {
  id: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  address?: { country?: string | null } | null;
  piiMasked: boolean;
}

/**
 * Edits a customer's name, e-mail and country. Staff who cannot read personal data start from empty fields and
 * change only what they type (the server never sent them the values); the audit trail keeps before and after.
 */
export function EditCustomerDialog({ customer, open, onOpenChange }: { customer: EditableCustomer; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [update] = useMutation(UpdateStaffCustomerMutation);
  const known = (value: string | null | undefined) => (customer.piiMasked ? '' : (value ?? ''));
  const form = useForm<Values>({ resolver: zodResolver(schema) });
  useEffect(() => {
    if (open)
      form.reset({
        firstName: known(customer.firstName),
        lastName: known(customer.lastName),
        email: known(customer.email),
        country: known(customer.address?.country),
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening, from the customer shown then
  }, [open]);

  async function submit(values: Values) {
    // Masked: only what was typed changes. Otherwise every field is sent as it stands (empty clears it).
    const input = Object.fromEntries(Object.entries(values).filter(([, value]) => !customer.piiMasked || value !== ''));
    if (Object.keys(input).length === 0) {
      form.setError('firstName', { message: 'Type at least one new value' });
      throw new Error('Nothing to change');
    }
    await update({ variables: { id: customer.id, input } });
    toast({ title: 'Customer updated', description: 'The change and the values before it are in the audit trail.' });
  }

  return (
    <FormAlertDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={submit}
      serverFields={serverFieldMap<Values>('email', 'firstName', 'lastName', 'country')}
      title="Edit customer"
      description={
        customer.piiMasked
          ? 'Your role cannot read this customer’s personal data: type only the values to change, the others stay as they are.'
          : 'An empty field clears the value. The change is written to the audit trail.'
      }
      errorTitle="Could not update the customer"
      submitLabel="Save changes"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField control={form.control} name="firstName" label="First name" autoComplete="off" />
        <InputField control={form.control} name="lastName" label="Last name" autoComplete="off" />
      </div>
      <InputField control={form.control} name="email" label="E-mail" type="email" autoComplete="off" />
      <InputField control={form.control} name="country" label="Country" description="ISO code, such as GB." autoComplete="off" className="max-w-24 uppercase" />
    </FormAlertDialog>
  );
}
