import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { CountryCombobox, type CountryOption } from '@/components/country-combobox';
import { onboardingFormSchema, PRODUCT_LABELS, type OnboardingFormValues, type OnboardingInfoInput } from '@/features/onboarding/lib/onboarding-form';
import { applyServerErrors } from '@/lib/form-errors';

export interface OnboardingOptions {
  countries: readonly CountryOption[];
  industries: readonly string[];
  productInterests: readonly string[];
  volumes: readonly string[];
}

interface OnboardingFormProps {
  options: OnboardingOptions;
  defaultValues: OnboardingFormValues;
  submitLabel: string;
  /** Throws what the mutation threw; field errors land on their fields. */
  onSubmit: (input: OnboardingInfoInput) => Promise<void>;
  generalError: string | null;
  onGeneralError: (message: string | null) => void;
}

const SERVER_FIELDS = {
  accountName: 'accountName',
  legalName: 'legalName',
  country: 'country',
  industry: 'industry',
  websiteUrls: 'websiteUrls',
  productInterests: 'productInterests',
  expectedMonthlyVolume: 'expectedMonthlyVolume',
  registrationNumber: 'registrationNumber',
  useCase: 'useCase',
} as const;

/** The onboarding questions in three sections: business, websites, products. */
export function OnboardingForm({ options, defaultValues, submitLabel, onSubmit, generalError, onGeneralError }: OnboardingFormProps) {
  const form = useForm<OnboardingFormValues, unknown, OnboardingInfoInput>({
    resolver: zodResolver(onboardingFormSchema),
    defaultValues,
  });
  const websites = useFieldArray({ control: form.control, name: 'websiteUrls' });
  const websiteErrors = form.formState.errors.websiteUrls;

  const submit = form.handleSubmit(async (input) => {
    onGeneralError(null);
    try {
      await onSubmit(input);
    } catch (error) {
      onGeneralError(applyServerErrors(form, error, SERVER_FIELDS));
    }
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-6" aria-label="Onboarding">
        <ErrorAlert message={generalError} title="Could not save your details" />
        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">Your business</CardTitle>
            <CardDescription>The company that signs the agreement with us.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="accountName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Account name</FormLabel>
                  <FormControl>
                    <Input {...field} autoComplete="organization" placeholder="Acme Pay" />
                  </FormControl>
                  <FormDescription>How your account appears in the dashboard.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="legalName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Legal name</FormLabel>
                  <FormControl>
                    <Input {...field} placeholder="Acme Payments Ltd" />
                  </FormControl>
                  <FormDescription>As registered with your company registry.</FormDescription>
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
                      countries={options.countries}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                    />
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
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                        <SelectValue placeholder="Choose an industry" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {options.industries.map((industry) => (
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
              name="registrationNumber"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    Registration number <span className="font-normal text-muted-foreground">(optional)</span>
                  </FormLabel>
                  <FormControl>
                    <Input {...field} placeholder="e.g. 12345678" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
        </Card>

        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">Your websites</CardTitle>
            <CardDescription>Where your users will meet our widget. We review each domain.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <ul className="flex flex-col gap-3">
              {websites.fields.map((row, index) => {
                const rowError = websiteErrors?.[index];
                const message = rowError?.message ?? rowError?.value?.message;
                const inputId = `website-${row.id}`;
                return (
                  <li key={row.id} className="flex flex-col gap-1.5">
                    <div className="flex items-center gap-2">
                      <Label htmlFor={inputId} className="sr-only">
                        Website URL {index + 1}
                      </Label>
                      <Input
                        id={inputId}
                        type="url"
                        inputMode="url"
                        placeholder="https://www.example.com"
                        aria-invalid={Boolean(message)}
                        aria-describedby={message ? `${inputId}-error` : undefined}
                        {...form.register(`websiteUrls.${index}.value`)}
                      />
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove website ${index + 1}`}
                        disabled={websites.fields.length === 1}
                        onClick={() => websites.remove(index)}
                      >
                        <Trash2Icon aria-hidden />
                      </Button>
                    </div>
                    {message && (
                      <p id={`${inputId}-error`} className="text-sm text-destructive">
                        {message}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
            {websiteErrors?.root?.message || websiteErrors?.message ? (
              <p className="text-sm text-destructive">{websiteErrors.root?.message ?? websiteErrors.message}</p>
            ) : null}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              disabled={websites.fields.length >= 10}
              onClick={() => websites.append({ value: '' })}
            >
              <PlusIcon aria-hidden /> Add website
            </Button>
          </CardContent>
        </Card>

        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">Products and volume</CardTitle>
            <CardDescription>What you plan to offer and how much you expect to process.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <FormField
              control={form.control}
              name="productInterests"
              render={({ field, fieldState }) => (
                <fieldset className="flex flex-col gap-3" aria-invalid={Boolean(fieldState.error)}>
                  <legend className="mb-3 text-sm font-medium">Products you are interested in</legend>
                  <div className="grid gap-2 sm:grid-cols-2">
                    {options.productInterests.map((product) => {
                      const id = `product-${product}`;
                      const checked = (field.value as string[]).includes(product);
                      const meta = PRODUCT_LABELS[product] ?? { label: product, description: '' };
                      return (
                        <label
                          key={product}
                          htmlFor={id}
                          className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors hover:bg-muted/50 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/50"
                        >
                          <Checkbox
                            id={id}
                            checked={checked}
                            onCheckedChange={(next) => field.onChange(next ? [...field.value, product] : field.value.filter((value) => value !== product))}
                            className="mt-0.5"
                          />
                          <span className="flex flex-col gap-0.5">
                            <span className="font-medium">{meta.label}</span>
                            {meta.description && <span className="text-xs text-muted-foreground">{meta.description}</span>}
                          </span>
                        </label>
                      );
                    })}
                  </div>
                  {fieldState.error?.message && <p className="text-sm text-destructive">{fieldState.error.message}</p>}
                </fieldset>
              )}
            />
            <FormField
              control={form.control}
              name="expectedMonthlyVolume"
              render={({ field }) => (
                <FormItem className="sm:max-w-xs">
                  <FormLabel>Expected monthly volume</FormLabel>
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                        <SelectValue placeholder="Choose a range" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {options.volumes.map((volume) => (
                        <SelectItem key={volume} value={volume}>
                          {volume}
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
              name="useCase"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    Use case <span className="font-normal text-muted-foreground">(optional)</span>
                  </FormLabel>
                  <FormControl>
                    <Textarea {...field} rows={4} placeholder="Tell us how your users will use Rampart." />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
        </Card>

        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting && <Spinner label="Saving" />}
            {submitLabel}
          </Button>
        </div>
      </form>
    </Form>
  );
}
