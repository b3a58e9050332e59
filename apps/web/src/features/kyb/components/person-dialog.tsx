import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { CountryField } from '@/components/form/country-field';
import { InputField } from '@/components/form/input-field';
import { RadioGroupField } from '@/components/form/radio-group-field';
import { personFormSchema, personFormValues, type PersonFormValues } from '@/features/kyb/lib/people';
import type { Kyb_PersonFragment, KybPersonInput } from '@/gql/graphql';
import { applyServerErrors } from '@/lib/form-errors';
import { KYB_PERSON_ROLE_LABEL } from '@/lib/format';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';

interface PersonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The person being edited; null adds one. */
  person: Kyb_PersonFragment | null;
  /** Saves the whole list with this person in it; throws what the mutation threw. */
  onSave: (input: KybPersonInput) => Promise<void>;
  /** Where the server's messages about this person are (e.g. "people.2."). */
  serverPrefix: string;
}

const ROLE_HELP = {
  beneficialOwner: 'Holds 25 % or more of the company, directly or indirectly.',
  director: 'Sits on the board. Enter a share only if they hold 25 % or more.',
} as const;

/** Adds or edits one beneficial owner or director. */
export function PersonDialog({ open, onOpenChange, person, onSave, serverPrefix }: PersonDialogProps) {
  const form = useForm<PersonFormValues, unknown, KybPersonInput>({ resolver: zodResolver(personFormSchema), defaultValues: personFormValues(person) });
  const [generalError, setGeneralError] = useState<string | null>(null);
  useUnsavedChanges(open && form.formState.isDirty);

  useEffect(() => {
    if (open) {
      form.reset(personFormValues(person));
      setGeneralError(null);
    }
  }, [open, person, form]);

  const submit = form.handleSubmit(async (input) => {
    setGeneralError(null);
    try {
      await onSave({ ...input, id: person?.id ?? null, ownershipPercentage: input.ownershipPercentage ?? null });
      onOpenChange(false);
    } catch (error) {
      const fields = ['role', 'fullName', 'dateOfBirth', 'nationality', 'countryOfResidence', 'ownershipPercentage'] as const;
      setGeneralError(applyServerErrors(form, error, Object.fromEntries(fields.map((field) => [`${serverPrefix}${field}`, field]))));
    }
  });

  const role = form.watch('role');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
      title={<>{person ? `Edit ${person.fullName}` : 'Add a person'}</>}
      description="Every beneficial owner of 25 % or more, and every director."
      form={form}
      onSubmit={submit}
      formLabel={person ? 'Edit person' : 'Add a person'}
      generalError={generalError}
      errorTitle="Could not save this person"
    >
      <RadioGroupField
        control={form.control}
        name="role"
        label="Role"
        className="grid-cols-2"
        options={(['beneficialOwner', 'director'] as const).map((value) => ({ value, label: KYB_PERSON_ROLE_LABEL[value] }))}
        description={ROLE_HELP[role]}
      />
      <InputField control={form.control} name="fullName" label="Full name" autoComplete="off" description="As on their identity document." />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField control={form.control} name="dateOfBirth" label="Date of birth" type="date" />
        <InputField
          control={form.control}
          name="ownershipPercentage"
          label={
            <>
              Ownership (%)
              {role === 'director' && <span className="font-normal text-muted-foreground"> (optional)</span>}
            </>
          }
          inputMode="decimal"
          placeholder="25"
        />
        <CountryField control={form.control} name="nationality" label="Nationality" />
        <CountryField control={form.control} name="countryOfResidence" label="Country of residence" />
      </div>
      <DialogSubmitFooter onCancel={() => onOpenChange(false)} pendingLabel="Saving">
        {person ? 'Save changes' : 'Add person'}
      </DialogSubmitFooter>
    </FormDialog>
  );
}
