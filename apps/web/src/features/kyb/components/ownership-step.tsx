import { useMutation } from '@apollo/client/react';
import { ownershipProblems } from '@rampart/shared/kyb';
import { addAmounts } from '@rampart/shared/money';
import { PencilIcon, PlusIcon, Trash2Icon, UsersRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { AlertDialogAction, AlertDialogFrame } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { KYB_REFETCH, SaveKybPeopleMutation } from '@/features/kyb/api/kyb';
import { PersonDialog } from '@/features/kyb/components/person-dialog';
import type { StepProps } from '@/features/kyb/components/step-props';
import { personInput } from '@/features/kyb/lib/people';
import type { Kyb_PersonFragment, KybPersonInput } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { formatCalendarDate, formatCountry, KYB_PERSON_ROLE_LABEL, labelOf } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';

/** Beneficial owners (25 % or more) and directors; every change saves the whole list. */
export function OwnershipStep({ accountId, application, editable, onContinue }: StepProps) {
  const people = application.people;
  const [save, saving] = useMutation(SaveKybPeopleMutation, { refetchQueries: KYB_REFETCH, awaitRefetchQueries: true });
  const [editing, setEditing] = useState<Kyb_PersonFragment | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [removing, setRemoving] = useState<Kyb_PersonFragment | null>(null);
  const [error, setError] = useState<string | null>(null);

  const editIndex = editing ? people.findIndex((person) => person.id === editing.id) : people.length;
  const totalShare = addAmounts('0', ...people.flatMap((person) => (person.ownershipPercentage ? [person.ownershipPercentage] : [])));
  const missing = ownershipProblems(people);

  async function saveList(list: KybPersonInput[]) {
    await save({ variables: { accountId, people: list } });
  }

  async function savePerson(input: KybPersonInput) {
    const list = people.map(personInput);
    if (editing) list[editIndex] = input;
    else list.push(input);
    await saveList(list);
    toast({ title: editing ? 'Person updated' : 'Person added', description: input.fullName });
  }

  async function confirmRemove() {
    const person = removing;
    if (!person) return;
    setError(null);
    try {
      await saveList(people.filter((candidate) => candidate.id !== person.id).map(personInput));
      toast({ title: 'Person removed', description: person.fullName });
    } catch (caught) {
      setError(describeApiError(caught).message);
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Card className="gap-5">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">Owners and directors</CardTitle>
          <CardDescription>List every person who owns 25 % or more of the company, and every director. Shares add up to {totalShare} %.</CardDescription>
        </div>
        {editable && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setEditing(null);
              setDialogOpen(true);
            }}
          >
            <PlusIcon aria-hidden /> Add person
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ErrorAlert message={error} title="Could not change the list" />
        {people.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
            <UsersRoundIcon className="size-6 text-muted-foreground" aria-hidden />
            <p className="max-w-sm text-sm text-muted-foreground">No one listed yet. Add the company’s beneficial owners and directors.</p>
          </div>
        ) : (
          <ul aria-label="Owners and directors" className="flex flex-col divide-y rounded-lg border">
            {people.map((person) => (
              <li key={person.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium [overflow-wrap:anywhere]">{person.fullName}</span>
                    <Badge variant={person.role === 'beneficialOwner' ? 'secondary' : 'outline'}>{labelOf(KYB_PERSON_ROLE_LABEL, person.role)}</Badge>
                    {person.ownershipPercentage && <Badge variant="outline">{person.ownershipPercentage} %</Badge>}
                  </div>
                  <p className="text-xs text-muted-foreground">
                    Born {formatCalendarDate(person.dateOfBirth)} · {formatCountry(person.nationality)} national · lives in{' '}
                    {formatCountry(person.countryOfResidence)}
                  </p>
                </div>
                {editable && (
                  <div className="flex shrink-0 gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit ${person.fullName}`}
                      onClick={() => {
                        setEditing(person);
                        setDialogOpen(true);
                      }}
                    >
                      <PencilIcon aria-hidden /> Edit
                    </Button>
                    <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${person.fullName}`} onClick={() => setRemoving(person)}>
                      <Trash2Icon aria-hidden /> Remove
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {missing.length > 0 && people.length > 0 && <p className="text-sm text-muted-foreground">Still needed: {missing.join(', ')}.</p>}
      </CardContent>
      {editable && (
        <CardFooter className="justify-end">
          <Button type="button" onClick={onContinue} disabled={people.length === 0}>
            Continue to documents
          </Button>
        </CardFooter>
      )}
      <PersonDialog open={dialogOpen} onOpenChange={setDialogOpen} person={editing} onSave={savePerson} serverPrefix={`people.${editIndex}.`} />
      <AlertDialogFrame
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={<>Remove {removing?.fullName}?</>}
        description="They leave the application, and so does any identity document uploaded for them."
        action={
          <AlertDialogAction onClick={() => void confirmRemove()} disabled={saving.loading}>
            Remove
          </AlertDialogAction>
        }
      />
    </Card>
  );
}
