import { useMutation, useQuery } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { KYB_REFETCH, KybQuestionnaireQuery, SaveKybQuestionnaireMutation } from '@/features/kyb/api/kyb';
import { QuestionControl } from '@/features/kyb/components/question-field';
import type { StepProps } from '@/features/kyb/components/step-props';
import {
  answerProblems,
  formatAnswer,
  parseAnswers,
  questionKeyOfField,
  requiredProgress,
  serializeAnswers,
  type Answers,
  type QuestionDefinition,
} from '@/features/kyb/lib/questionnaire';
import type { Kyb_QuestionnaireFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useUnsavedChanges } from '@/hooks/use-unsaved-changes';
import { formatDate } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';
import { FormFieldShell } from '@/components/form/form-field-shell';
import { SubmitButton } from '@/components/form/submit-button';
import { QueryErrorAlert } from '@/components/query-boundary';

interface Values {
  answers: Answers;
}

/** The questionnaire of kybByQuestionnaire, rendered by question type; drafts save partially, continuing needs every required answer. */
export function QuestionnaireStep({ accountId, application, editable, onContinue }: StepProps) {
  const { data, error, refetch } = useQuery(KybQuestionnaireQuery, { variables: { accountId }, fetchPolicy: 'cache-and-network' });
  const questionnaire = data?.kybByQuestionnaire;
  if (error && !questionnaire) return <QueryErrorAlert title="Could not load the questionnaire" error={error} onRetry={refetch} />;
  if (!questionnaire) return <Skeleton className="h-96 w-full" />;
  const readOnly = !editable || (questionnaire.submittedAt != null && application.status !== 'OnHold');
  return readOnly ? (
    <QuestionnaireAnswers questionnaire={questionnaire} />
  ) : (
    <QuestionnaireForm key={questionnaire.version} accountId={accountId} questionnaire={questionnaire} onContinue={onContinue} />
  );
}

function QuestionnaireForm({ accountId, questionnaire, onContinue }: { accountId: string; questionnaire: Kyb_QuestionnaireFragment; onContinue: () => void }) {
  const questions: readonly QuestionDefinition[] = questionnaire.questions;
  const complete = useRef(false);
  const resolver: Resolver<Values> = async (values) => {
    const problems = answerProblems(questions, values.answers, { complete: complete.current });
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    const errors = {
      answers: Object.fromEntries(Object.entries(problems).map(([key, message]) => [key, { type: 'validate', message }])),
    } as FieldErrors<Values>;
    return { values: {}, errors };
  };
  const form = useForm<Values>({ resolver, defaultValues: { answers: parseAnswers(questionnaire.answersJson) } });
  const [save] = useMutation(SaveKybQuestionnaireMutation, { refetchQueries: KYB_REFETCH, awaitRefetchQueries: true });
  const [generalError, setGeneralError] = useState<string | null>(null);
  const progress = requiredProgress(questions, form.watch('answers'));
  useUnsavedChanges(form.formState.isDirty);

  async function submit(values: Values) {
    setGeneralError(null);
    try {
      await save({ variables: { accountId, answersJson: serializeAnswers(questions, values.answers) } });
      toast({ title: 'Answers saved' });
      form.reset(values);
      if (complete.current) onContinue();
    } catch (error) {
      const info = describeApiError(error);
      let unmatched = Object.keys(info.fields).length === 0;
      for (const [field, message] of Object.entries(info.fields)) {
        const key = questionKeyOfField(field, questions);
        if (key) form.setError(`answers.${key}`, { type: 'server', message }, { shouldFocus: true });
        else unmatched = true;
      }
      setGeneralError(unmatched ? info.message : null);
    }
  }

  function saveWith(completeAnswers: boolean) {
    complete.current = completeAnswers;
    void form.handleSubmit(submit)();
  }

  return (
    <Form {...form}>
      <form
        noValidate
        aria-label="Questionnaire"
        onSubmit={(event) => {
          event.preventDefault();
          saveWith(true);
        }}
      >
        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">Compliance questionnaire</CardTitle>
            <CardDescription>
              {progress.answered} of {progress.required} required questions answered. Save a draft at any time; the answers are sent with the application.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <ErrorAlert message={generalError} title="Could not save the answers" />
            {questions.map((question) => (
              <FormFieldShell
                key={question.key}
                control={form.control}
                name={`answers.${question.key}`}
                label={
                  <>
                    {question.label}
                    {!question.required && <span className="font-normal text-muted-foreground"> (optional)</span>}
                  </>
                }
                description={question.help}
              >
                {(field, fieldState) => (
                  <FormControl>
                    <QuestionControl question={question} field={field} invalid={fieldState.invalid} />
                  </FormControl>
                )}
              </FormFieldShell>
            ))}
          </CardContent>
          <CardFooter className="flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => saveWith(false)} disabled={form.formState.isSubmitting}>
              Save draft
            </Button>
            <SubmitButton pendingLabel="Saving">Save and continue</SubmitButton>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}

/** The answers as given, once the application is with the reviewer (or for members who cannot change it). */
function QuestionnaireAnswers({ questionnaire }: { questionnaire: Kyb_QuestionnaireFragment }) {
  const answers = parseAnswers(questionnaire.answersJson);
  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">Compliance questionnaire</CardTitle>
        <CardDescription>{questionnaire.submittedAt ? `Submitted ${formatDate(questionnaire.submittedAt)}. Read-only.` : 'Read-only.'}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col divide-y">
          {questionnaire.questions.map((question) => (
            <div key={question.key} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <dt className="text-sm text-muted-foreground">{question.label}</dt>
              <dd className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{formatAnswer(question, answers[question.key])}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
