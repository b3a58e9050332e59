import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { CountryField } from '@/components/form/country-field';
import { InputField } from '@/components/form/input-field';
import { SubmitButton } from '@/components/form/submit-button';
import { SwitchField } from '@/components/form/switch-field';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { BackLink } from '@/components/layouts/record-page';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { ROUTES } from '@/config/routes';
import { CreatePartnerOrganizationMutation } from '@/features/admin-organizations/api/organization';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';

const nameField = (what: string) => z.string().trim().min(1, `Enter the ${what} name`).max(200, 'At most 200 characters');
// The server parses the same rules (partnerOrganizationSchema, @rampart/shared/account-status).
const schema = z.object({
  organizationName: nameField('organization'),
  accountName: nameField('account'),
  internalName: z.string().trim().max(200, 'At most 200 characters'),
  country: z.string().min(1, 'Choose a country from the list'),
  administratorEmail: z.string().trim().max(254, 'At most 254 characters').pipe(z.email('Enter the administrator’s e-mail address')),
  requiresEnhancedKyb: z.boolean(),
});
type Values = z.infer<typeof schema>;

/** /admin/organizations/new — white-glove onboarding: staff create the organization, its account and invite its administrator. */
export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [create] = useMutation(CreatePartnerOrganizationMutation);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { organizationName: '', accountName: '', internalName: '', country: '', administratorEmail: '', requiresEnhancedKyb: false },
  });
  useDocumentTitle('New organization · Organizations · Rampart');

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await create({ variables: { input: { ...values, internalName: values.internalName || null } } });
      const created = result.data?.createPartnerOrganization.organization;
      toast({ title: `Created ${created?.name ?? 'the organization'}`, description: `An invitation went to ${values.administratorEmail}.` });
      if (created) void navigate(`${ROUTES.adminOrganizations}/${created.id}`);
    } catch (error) {
      setFailure(
        applyServerErrors(form, error, {
          organizationName: 'organizationName',
          accountName: 'accountName',
          internalName: 'internalName',
          country: 'country',
          administratorEmail: 'administratorEmail',
        }),
      );
    }
  });

  return (
    <PageLayout>
      <BackLink to={ROUTES.adminOrganizations}>Organizations</BackLink>
      <PageHeading
        title="New organization"
        description="Onboard a partner yourself: the organization and its first account start in test mode, and its first administrator is invited by e-mail."
      />
      <Form {...form}>
        <form noValidate onSubmit={submit} aria-label="New organization" className="max-w-2xl">
          <Card className="gap-5">
            <CardContent className="flex flex-col gap-4">
              <ErrorAlert message={failure} title="Could not create the organization" />
              <InputField control={form.control} name="organizationName" label="Legal name of the organization" autoFocus />
              <InputField control={form.control} name="accountName" label="Account name" description="What the partner and its customers see." />
              <InputField control={form.control} name="internalName" label="Internal name (optional)" description="Only staff see it." />
              <CountryField control={form.control} name="country" label="Country of the business" />
              <InputField
                control={form.control}
                name="administratorEmail"
                label="First administrator’s e-mail"
                type="email"
                autoComplete="off"
                description="They get the team invitation: it works once and for 7 days."
              />
              <SwitchField
                control={form.control}
                name="requiresEnhancedKyb"
                label="Requires enhanced KYB"
                description="The organization’s business verification asks for the Enhanced level."
              />
            </CardContent>
            <CardFooter className="justify-end border-t pt-5">
              <SubmitButton pendingLabel="Creating">Create and invite</SubmitButton>
            </CardFooter>
          </Card>
        </form>
      </Form>
    </PageLayout>
  );
}
