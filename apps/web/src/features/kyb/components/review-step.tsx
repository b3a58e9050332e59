import { useMutation } from '@apollo/client/react';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { KYB_REFETCH, SubmitKybMutation } from '@/features/kyb/api/kyb';
import type { StepProps } from '@/features/kyb/components/step-props';
import { parseAnswers, requiredProgress } from '@/features/kyb/lib/questionnaire';
import { missingFromError, STEP_STATE_LABEL, STEP_STATE_TONE } from '@/features/kyb/lib/steps';
import type { KybStepKey, KybStepState } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { formatCalendarDate, formatCountry, formatDate, KYB_PERSON_ROLE_LABEL, labelOf } from '@/lib/format';

interface ReviewStepProps extends StepProps {
  steps: ReadonlyArray<{ key: KybStepKey; title: string; state: KybStepState; message?: string | null }>;
  onGoTo: (key: KybStepKey) => void;
}

/** A summary of every part, what the server says is still missing, and the submission. */
export function ReviewStep({ accountId, application, editable, steps, onGoTo }: ReviewStepProps) {
  const [submit, submission] = useMutation(SubmitKybMutation, { refetchQueries: KYB_REFETCH, awaitRefetchQueries: true });
  const [missing, setMissing] = useState<{ message: string; items: string[] } | null>(null);
  const details = application.companyDetails;
  const questions = application.questionnaire.questions;
  const progress = requiredProgress(questions, parseAnswers(application.questionnaire.answersJson));
  const owners = application.people.filter((person) => person.role === 'beneficialOwner').length;
  const directors = application.people.length - owners;

  async function send() {
    setMissing(null);
    try {
      await submit({ variables: { accountId } });
      toast({ title: 'Application submitted', description: 'The provider reviews it and e-mails your administrators at each change.' });
    } catch (error) {
      setMissing(missingFromError(error));
    }
  }

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">Review and submit</CardTitle>
        <CardDescription>
          {application.submittedAt ? `Last submitted ${formatDate(application.submittedAt)}.` : 'Check each part, then send the application to the provider.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {missing && (
          <Alert variant="destructive">
            <AlertTitle>{missing.items.length > 0 ? 'The application is not complete yet' : 'Could not submit the application'}</AlertTitle>
            <AlertDescription>
              {missing.items.length > 0 ? (
                <ul className="list-disc pl-4">
                  {missing.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : (
                <p>{missing.message}</p>
              )}
            </AlertDescription>
          </Alert>
        )}
        <ul aria-label="Parts of the application" className="flex flex-col divide-y rounded-lg border">
          {steps
            .filter((step) => step.key !== 'review')
            .map((step) => (
              <li key={step.key} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{step.title}</span>
                    <Badge variant={STEP_STATE_TONE[step.state]}>{STEP_STATE_LABEL[step.state]}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                    {step.key === 'companyDetails' &&
                      (details
                        ? `${details.legalName} · ${details.registrationNumber} · ${formatCountry(details.country)} · incorporated ${formatCalendarDate(details.incorporationDate)} · ${details.industry}`
                        : 'Not filled in yet.')}
                    {step.key === 'ownership' &&
                      (application.people.length > 0
                        ? `${owners} ${labelOf(KYB_PERSON_ROLE_LABEL, 'beneficialOwner').toLowerCase()}${owners === 1 ? '' : 's'}, ${directors} ${labelOf(KYB_PERSON_ROLE_LABEL, 'director').toLowerCase()}${directors === 1 ? '' : 's'}: ${application.people.map((person) => person.fullName).join(', ')}`
                        : 'No one listed yet.')}
                    {step.key === 'documents' && `${application.documents.length} ${application.documents.length === 1 ? 'document' : 'documents'} uploaded.`}
                    {step.key === 'questionnaire' && `${progress.answered} of ${progress.required} required questions answered.`}
                  </p>
                  {step.message && <p className="text-sm text-amber-800 dark:text-amber-200">{step.message}</p>}
                </div>
                <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => onGoTo(step.key)}>
                  {editable ? 'Edit' : 'View'}
                  <span className="sr-only"> {step.title}</span>
                </Button>
              </li>
            ))}
        </ul>
      </CardContent>
      {editable && (
        <CardFooter className="flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">Once submitted, the application is read-only while the provider reviews it.</p>
          <Button type="button" onClick={() => void send()} disabled={submission.loading}>
            {submission.loading ? <Spinner label="Submitting" /> : <SendIcon aria-hidden />}
            {application.status === 'OnHold' ? 'Submit again' : 'Submit for review'}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
