import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { BUSINESS_INDUSTRIES } from '@rampart/shared/onboarding';
import { kybCompanyDetailsSchema, type KybCompanyDetails } from '@rampart/shared/kyb';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CountryCombobox } from '@/components/country-combobox';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { KYB_REFETCH, SaveKybCompanyDetailsMutation } from '@/features/kyb/api/kyb';
import type { StepProps } from '@/features/kyb/components/step-props';
import { countryOptions } from '@/lib/countries';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';

const FIELDS = ['legalName', 'registrationNumber', 'country', 'incorporationDate', 'registeredAddress', 'industry', 'website'] as const;
// The server names a field either plainly or under the `input` argument.
const SERVER_FIELDS = Object.fromEntries(
  FIELDS.flatMap((field) => [
    [field, field],
    [`input.${field}`, field],
  ]),
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

/** The company as registered: name, number, country and date of incorporation, address, industry, website. */
export function CompanyDetailsStep({ accountId, application, editable, onContinue }: StepProps) {
  const form = useForm<KybCompanyDetails>({
    resolver: zodResolver(kybCompanyDetailsSchema),
    defaultValues: { ...EMPTY, ...(application.companyDetails as Partial<KybCompanyDetails> | null) },
  });
  const [save] = useMutation(SaveKybCompanyDetailsMutation, { refetchQueries: KYB_REFETCH, awaitRefetchQueries: true });
  const [generalError, setGeneralError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (input) => {
    setGeneralError(null);
    try {
      await save({ variables: { accountId, input } });
      toast({ title: 'Company details saved' });
      onContinue();
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, SERVER_FIELDS));
    }
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} aria-label="Company details">
        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">Company details</CardTitle>
            <CardDescription>The company as its registry knows it. The country and industry also decide which products it can offer.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ErrorAlert message={generalError} title="Could not save the company details" />
            <fieldset disabled={!editable} className="grid items-start gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="legalName"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Legal name</FormLabel>
                    <FormControl>
                      <Input {...field} placeholder="Acme Payments Ltd" />
                    </FormControl>
                    <FormDescription>Exactly as on the certificate of incorporation.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="registrationNumber"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Registration number</FormLabel>
                    <FormControl>
                      <Input {...field} placeholder="e.g. 12345678" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="country"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Country of incorporation</FormLabel>
                    <FormControl>
                      <CountryCombobox
                        countries={countryOptions()}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        name={field.name}
                        ref={field.ref}
                        disabled={!editable}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="incorporationDate"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Date of incorporation</FormLabel>
                    <FormControl>
                      <Input {...field} type="date" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="registeredAddress"
                render={({ field }) => (
                  <FormItem className="sm:col-span-2">
                    <FormLabel>Registered address</FormLabel>
                    <FormControl>
                      <Textarea {...field} rows={3} placeholder="Street, city, postcode, country" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="industry"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Industry</FormLabel>
                    <Select value={field.value || undefined} onValueChange={field.onChange} disabled={!editable}>
                      <FormControl>
                        <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                          <SelectValue placeholder="Choose an industry" />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {BUSINESS_INDUSTRIES.map((industry) => (
                          <SelectItem key={industry} value={industry}>
                            {industry}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="website"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Website</FormLabel>
                    <FormControl>
                      <Input {...field} type="url" inputMode="url" placeholder="https://www.example.com" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </fieldset>
          </CardContent>
          {editable && (
            <CardFooter className="justify-end">
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting && <Spinner label="Saving" />}
                Save and continue
              </Button>
            </CardFooter>
          )}
        </Card>
      </form>
    </Form>
  );
}
