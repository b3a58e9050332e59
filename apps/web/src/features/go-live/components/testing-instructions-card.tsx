import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { testingInstructionsSchema, type TestingInstructionsInput } from '@rampart/shared/go-live';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { SubmitTestingInstructionsMutation } from '@/features/go-live/api/go-live';
import type { GoLive_TestingInstructionsFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { formatDate } from '@/lib/format';
import { UrlField } from '@/components/form/input-field';
import { OptionalLabel } from '@/components/form/optional-label';
import { CardSaveFooter } from '@/components/form/submit-button';
import { TextareaField } from '@/components/form/textarea-field';
import { serverFieldMap } from '@/lib/form-errors';

const SERVER_FIELDS = serverFieldMap<TestingInstructionsInput>('url', 'credentials', 'steps');

interface Props {
  accountId: string;
  instructions: GoLive_TestingInstructionsFragment | null;
  /** The viewer may change the account (account:update). */
  canUpdate: boolean;
}

/** How a reviewer tests the integration; editable until the provider starts reviewing a go-live request. */
export function TestingInstructionsCard({ accountId, instructions, canUpdate }: Props) {
  const editable = canUpdate && (instructions?.isEditable ?? true);
  const form = useForm<TestingInstructionsInput>({
    resolver: zodResolver(testingInstructionsSchema),
    defaultValues: { url: instructions?.url ?? '', credentials: instructions?.credentials ?? '', steps: instructions?.steps ?? '' },
  });
  const [save] = useMutation(SubmitTestingInstructionsMutation, { refetchQueries: ['GoLive_Screen'], awaitRefetchQueries: true });

  const { onSubmit: submit, generalError } = useServerSubmit(form, SERVER_FIELDS, async (values) => {
    await save({ variables: { accountId, input: { url: values.url, credentials: values.credentials || null, steps: values.steps } } });
    toast({ title: 'Testing instructions saved' });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} aria-labelledby="testing-title" id="testing" className="scroll-mt-24">
        <Card className="gap-5">
          <CardHeader>
            <CardTitle id="testing-title" className="text-base">
              Testing instructions
            </CardTitle>
            <CardDescription>
              {instructions && !instructions.isEditable
                ? 'The provider has started reviewing your go-live request, so these can no longer be changed.'
                : 'How the provider’s reviewers can try your integration before it goes live.'}
              {instructions && ` Last saved ${formatDate(instructions.updatedAt)}.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ErrorAlert message={generalError} title="Could not save the testing instructions" />
            <fieldset disabled={!editable} className="flex flex-col gap-4">
              <UrlField
                control={form.control}
                name="url"
                label="URL"
                type="url"
                placeholder="https://staging.example.com"
                description="Where the widget can be tried."
              />
              <TextareaField
                control={form.control}
                name="credentials"
                label={<OptionalLabel>Test credentials</OptionalLabel>}
                rows={2}
                placeholder="A test login for reviewers, if your site needs one"
                description="Never a real customer’s account."
              />
              <TextareaField
                control={form.control}
                name="steps"
                label="Steps"
                rows={5}
                placeholder={'1. Sign in with the test login\n2. Open Wallet › Buy\n3. …'}
              />
            </fieldset>
          </CardContent>
          <CardSaveFooter shown={editable}>Save instructions</CardSaveFooter>
        </Card>
      </form>
    </Form>
  );
}
