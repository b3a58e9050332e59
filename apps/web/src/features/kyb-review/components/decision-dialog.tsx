import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlertDialog } from '@/components/form/form-alert-dialog';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { DECISION_ACTION_LABEL, DECISION_NEEDS_REASON, decisionSchema, type Decision, type DecisionValues } from '@/features/kyb-review/lib/decision';

export type ReviewSubject = 'application' | 'goLive';

/** What the decision does, in words, for the confirmation. */
function consequence(subject: ReviewSubject, decision: Decision): string {
  const partner = 'The partner’s administrators get an e-mail.';
  if (subject === 'application') {
    switch (decision) {
      case 'InProgress':
        return `The application shows as in review to the partner while you check it. ${partner}`;
      case 'OnHold':
        return `The partner sees your reason, fixes what it asks and submits again. ${partner}`;
      case 'Approved':
        return `The organization becomes verified at its KYB level and can create live API keys. Webhooks account_reviewed and business_identity_updated are sent. ${partner}`;
      case 'Rejected':
        return `The application is closed with your reason; the organization cannot go live. ${partner}`;
    }
  }
  switch (decision) {
    case 'InProgress':
      return 'The request shows as in review and the partner can no longer edit the testing instructions.';
    case 'OnHold':
      return 'The partner sees your reason and can change the testing instructions before asking again.';
    case 'Approved':
      return 'The product is enabled on the account: its live transactions start working.';
    case 'Rejected':
      return 'The request is closed with your reason; the product stays off.';
  }
}

/**
 * Confirms a review decision, with the reason the partner reads when the decision needs one. `onDecide` runs the
 * mutation; a BAD_USER_INPUT on `reason` lands on the field, anything else in the alert.
 */
export function DecisionDialog({
  subject,
  decision,
  subjectName,
  onDecide,
  onOpenChange,
  returnFocus,
}: {
  subject: ReviewSubject;
  /** The open dialog's decision; null when closed. */
  decision: Decision | null;
  /** The organization or account the decision is about, for the title. */
  subjectName: string;
  onDecide: (decision: Decision, reason: string | null) => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes, when the button that opened it may be gone (the status changed). */
  returnFocus?: () => HTMLElement | null;
}) {
  const schema = useMemo(() => decisionSchema(decision ?? 'InProgress'), [decision]);
  const form = useForm<DecisionValues>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  useEffect(() => {
    if (decision) form.reset({ reason: '' });
  }, [decision, form]);
  const needsReason = decision ? DECISION_NEEDS_REASON[decision] : false;
  const label = decision ? DECISION_ACTION_LABEL[decision] : '';

  return (
    <FormAlertDialog
      open={decision !== null}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={async (values) => decision && onDecide(decision, values.reason || null)}
      serverFields={{ reason: 'reason' }}
      title={decision ? `${label}: ${subjectName}` : ''}
      description={decision ? `${consequence(subject, decision)} The decision is written to the audit trail.` : ''}
      errorTitle={decision ? `Could not ${label.toLowerCase()}` : undefined}
      submitLabel={label}
      submitVariant={decision === 'Rejected' ? 'destructive' : 'default'}
      onCloseAutoFocus={(event) => {
        const target = returnFocus?.();
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
    >
      <TextareaField
        control={form.control}
        name="reason"
        label={needsReason ? 'Reason' : 'Note (optional)'}
        rows={4}
        description={needsReason ? 'The partner reads this: say what is wrong and what to do.' : 'Kept with the decision in its history.'}
      />
    </FormAlertDialog>
  );
}

/** The decision buttons of a status; nothing for staff without the permission (the server refuses anyway). */
export function DecisionButtons({ decisions, onChoose }: { decisions: readonly Decision[]; onChoose: (decision: Decision) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      {decisions.map((decision) => (
        <Button
          key={decision}
          type="button"
          size="sm"
          variant={decision === 'Approved' ? 'default' : decision === 'Rejected' ? 'destructive' : 'outline'}
          onClick={() => onChoose(decision)}
        >
          {DECISION_ACTION_LABEL[decision]}
        </Button>
      ))}
    </div>
  );
}
