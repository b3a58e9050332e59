import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { kybCompanyDetailsSchema, type KybCompanyDetails } from '@rampart/shared/kyb';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { CountryField } from '@/components/form/country-field';
import { IndustryField } from '@/components/form/industry-field';
import { InputField } from '@/components/form/input-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { KYB_REFETCH, SaveKybCompanyDetailsMutation } from '@/features/kyb/api/kyb';
import type { StepProps } from '@/features/kyb/components/step-props';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { CardSaveFooter } from '@/components/form/submit-button';
import { serverFieldMap } from '@/lib/form-errors';

const SERVER_FIELDS = serverFieldMap<KybCompanyDetails>(
  'legalName',
  'registrationNumber',
  'country',
  'incorporationDate',
  'registeredAddress',
  'industry',
  'website',
);

const EMPTY: KybCompanyDetails = {
  legalName: '',
  registrationNumber: '',
  country: '',
  incorporationDate: '',
  registeredAddress: '',
  industry: '' as KybCompanyDetails['industry'],
  website: '',
};

/** What onboarding already told us, only the fields it asked (the server gives them until the details are saved). */
function fromOnboarding(known: StepProps['application']['companyDetailsFromOnboarding']): Partial<KybCompanyDetails> {
  if (!known) return {};
  const { legalName, registrationNumber, country, industry, website } = known;
  return Object.fromEntries(Object.entries({ legalName, registrationNumber, country, industry, website }).filter(([, value]) => value));
}

/** The company as registered: name, number, country and date of incorporation, address, industry, website. */
export function CompanyDetailsStep({ accountId, application, editable, onContinue }: StepProps) {
  const prefilled = fromOnboarding(application.companyDetailsFromOnboarding);
  const form = useForm<KybCompanyDetails>({
    resolver: zodResolver(kybCompanyDetailsSchema),
    defaultValues: { ...EMPTY, ...((application.companyDetails as Partial<KybCompanyDetails> | null) ?? prefilled) },
  });
  const [save] = useMutation(SaveKybCompanyDetailsMutation, { refetchQueries: KYB_REFETCH, awaitRefetchQueries: true });
  useUnsavedChanges(editable && form.formState.isDirty);

  const { onSubmit: submit, generalError } = useServerSubmit(form, SERVER_FIELDS, async (input) => {
    await save({ variables: { accountId, input } });
    toast({ title: 'Company details saved' });
    // Saved: moving on to the next step loses nothing.
    form.reset(input);
    onContinue();
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} aria-label="Company details">
        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">Company details</CardTitle>
            <CardDescription>
              The company as its registry knows it. The country and industry also decide which products it can offer.
              {!application.companyDetails &&
                Object.keys(prefilled).length > 0 &&
                ' We filled in what you told us when you set up your organization: check it and add the rest.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ErrorAlert message={generalError} title="Could not save the company details" />
            <fieldset disabled={!editable} className="grid items-start gap-4 sm:grid-cols-2">
              <InputField
                control={form.control}
                name="legalName"
                label="Legal name"
                placeholder="Acme Payments Ltd"
                description="Exactly as on the certificate of incorporation."
              />
              <InputField control={form.control} name="registrationNumber" label="Registration number" placeholder="e.g. 12345678" />
              <CountryField control={form.control} name="country" label="Country of incorporation" disabled={!editable} />
              <InputField control={form.control} name="incorporationDate" label="Date of incorporation" type="date" />
              <TextareaField
                control={form.control}
                name="registeredAddress"
                label="Registered address"
                itemClassName="sm:col-span-2"
                rows={3}
                placeholder="Street, city, postcode, country"
              />
              <IndustryField control={form.control} name="industry" label="Industry" disabled={!editable} />
              <InputField control={form.control} name="website" label="Website" type="url" inputMode="url" placeholder="https://www.example.com" />
            </fieldset>
          </CardContent>
          <CardSaveFooter shown={editable}>Save and continue</CardSaveFooter>
        </Card>
      </form>
    </Form>
  );
}
