import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { CountryField } from '@/components/form/country-field';
import { IndustryField } from '@/components/form/industry-field';
import { InputField } from '@/components/form/input-field';
import { SelectField } from '@/components/form/select-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { onboardingFormSchema, PRODUCT_LABELS, type OnboardingFormValues, type OnboardingInfoInput } from '@/features/onboarding/lib/onboarding-form';
import { applyServerErrors, serverFieldMap } from '@/lib/form-errors';
import { OptionalLabel } from '@/components/form/optional-label';
import { SubmitButton } from '@/components/form/submit-button';

/** Countries and industries come from the kit's own lists (the server checks the same ones). */
export interface OnboardingOptions {
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

const SERVER_FIELDS = serverFieldMap<OnboardingFormValues>(
  'accountName',
  'legalName',
  'country',
  'industry',
  'websiteUrls',
  'productInterests',
  'expectedMonthlyVolume',
  'registrationNumber',
  'useCase',
);

function Section({ title, description, className, children }: { title: string; description: string; className: string; children: ReactNode }) {
  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

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
        <Section title="Your business" description="The company that signs the agreement with us." className="grid gap-4 sm:grid-cols-2">
          <InputField
            control={form.control}
            name="accountName"
            label="Account name"
            autoComplete="organization"
            placeholder="Acme Pay"
            description="How your account appears in the dashboard."
          />
          <InputField
            control={form.control}
            name="legalName"
            label="Legal name"
            placeholder="Acme Payments Ltd"
            description="As registered with your company registry."
          />
          <CountryField control={form.control} name="country" label="Country of incorporation" />
          <IndustryField control={form.control} name="industry" label="Industry" />
          <InputField control={form.control} name="registrationNumber" label={<OptionalLabel>Registration number</OptionalLabel>} placeholder="e.g. 12345678" />
        </Section>

        <Section title="Your websites" description="Where your users will meet our widget. We review each domain." className="flex flex-col gap-3">
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
        </Section>

        <Section title="Products and volume" description="What you plan to offer and how much you expect to process." className="flex flex-col gap-5">
          <CheckboxGroupField
            control={form.control}
            name="productInterests"
            label="Products you are interested in"
            className="sm:grid-cols-2"
            options={options.productInterests.map((product) => {
              const meta = PRODUCT_LABELS[product] ?? { label: product, description: '' };
              return { value: product, label: meta.label, description: meta.description || undefined };
            })}
          />
          <SelectField
            control={form.control}
            name="expectedMonthlyVolume"
            label="Expected monthly volume"
            itemClassName="sm:max-w-xs"
            options={options.volumes}
            placeholder="Choose a range"
          />
          <TextareaField
            control={form.control}
            name="useCase"
            label={<OptionalLabel>Use case</OptionalLabel>}
            rows={4}
            placeholder="Tell us how your users will use Rampart."
          />
        </Section>

        <div className="flex justify-end">
          <SubmitButton pendingLabel="Saving" size="lg">
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
