import { useMutation, useQuery } from '@apollo/client/react';
import { CircleAlertIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { CopyId } from '@/components/copy-id';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ROUTES } from '@/config/routes';
import type { KybReview_ApplicationDetailFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useAdminPermission } from '@/hooks/use-permission';
import {
  KYB_LEVEL_LABEL,
  KYB_PERSON_ROLE_LABEL,
  PRODUCT_LABEL,
  REVIEW_STATUS_LABEL,
  formatCalendarDate,
  formatCountry,
  formatDate,
  labelOf,
} from '@/lib/format';
import { ApplicationQuery, UpdateReviewMutation } from '@/features/kyb-review/api/applications';
import { DecisionButtons, DecisionDialog } from '@/features/kyb-review/components/decision-dialog';
import { DocumentsPanel } from '@/features/kyb-review/components/document-preview';
import { OrganizationDomains } from '@/features/kyb-review/components/domain-reviews';
import { ReviewStatusBadge } from '@/features/kyb-review/components/review-status-badge';
import { answeredQuestions } from '@/features/kyb-review/lib/answers';
import { availableDecisions, type Decision } from '@/features/kyb-review/lib/decision';
import { QueriedRecordPage } from '@/components/layouts/record-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

const DONE: Record<Decision, string> = {
  InProgress: 'Review started',
  OnHold: 'Put on hold',
  Approved: 'Application approved',
  Rejected: 'Application rejected',
};

/** /admin/kyb/:applicationId — everything a reviewer needs to decide, and the decision. The route checks kyb:view. */
export function ApplicationPage({ applicationId }: { applicationId: string }) {
  const query = useQuery(ApplicationQuery, { variables: { id: applicationId }, fetchPolicy: 'cache-and-network' });
  const application = query.data?.kybApplicationForReview;

  useDocumentTitle(`${application?.organizationName ?? 'Application'} · Business verification · Rampart`);

  return (
    <QueriedRecordPage back={{ to: ROUTES.adminKyb, label: 'Applications' }} record={application} query={query} errorTitle="Could not load the application">
      {(loaded) => <ApplicationView application={loaded} />}
    </QueriedRecordPage>
  );
}

function ApplicationView({ application }: { application: KybReview_ApplicationDetailFragment }) {
  const canDecide = useAdminPermission('kyb:approve');
  const [decision, setDecision] = useState<Decision | null>(null);
  const [updateReview] = useMutation(UpdateReviewMutation);
  const decisions = canDecide ? availableDecisions(application.status) : [];

  async function decide(chosen: Decision, reason: string | null) {
    await updateReview({ variables: { applicationId: application.id, status: chosen, reason } });
    toast({ title: DONE[chosen], description: `${application.organizationName} · the partner’s administrators are told by e-mail.` });
  }

  return (
    <>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
              <span className="min-w-0 break-words">{application.organizationName}</span>
              <ReviewStatusBadge status={application.status} />
            </h1>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <span>{labelOf(KYB_LEVEL_LABEL, application.level)}</span>
              <span aria-hidden>·</span>
              <span>{application.submittedAt ? `Submitted ${formatDate(application.submittedAt)}` : 'Not submitted yet'}</span>
              <span aria-hidden>·</span>
              <span>Verified by {application.provider === 'sumsub' ? 'SumSub' : 'Rampart (built-in)'}</span>
              <CopyId id={application.id} />
            </p>
          </div>
          {decisions.length > 0 ? <DecisionButtons decisions={decisions} onChoose={setDecision} /> : null}
        </div>
        {application.reason && (application.status === 'OnHold' || application.status === 'Rejected') ? (
          <Alert variant={application.status === 'Rejected' ? 'destructive' : 'default'}>
            <CircleAlertIcon aria-hidden />
            <AlertTitle>{REVIEW_STATUS_LABEL[application.status]}: the reason the partner sees</AlertTitle>
            <AlertDescription className="whitespace-pre-wrap">{application.reason}</AlertDescription>
          </Alert>
        ) : null}
        {application.status === 'NotStarted' || application.status === 'Draft' ? (
          <p className="text-sm text-muted-foreground">The partner has not submitted this application; nothing to decide yet.</p>
        ) : null}
        {application.status === 'OnHold' ? (
          <p className="text-sm text-muted-foreground">Waiting for the partner to fix it and submit again; it then comes back as pending review.</p>
        ) : null}
      </header>

      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Company" description="As the partner entered it in the company details step.">
            <CompanyDetails application={application} />
          </Section>
          <Section title="Owners and directors" description="Every beneficial owner of 25 % or more, and the directors.">
            <People people={application.people} />
          </Section>
          <Section
            title="Questionnaire"
            description={`Version ${application.questionnaire.version}${application.questionnaire.submittedAt ? ` · submitted ${formatDate(application.questionnaire.submittedAt)}` : ' · not submitted'}`}
          >
            <Answers questionnaire={application.questionnaire} />
          </Section>
          <Section title="Documents" description="Open one to see it here; links to documents last a few minutes.">
            <DocumentsPanel documents={application.documents} people={application.people} />
          </Section>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Organization">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <Term label="Country">{formatCountry(application.country)}</Term>
              <Term label="Industry">{application.industry ?? '—'}</Term>
              <Term label="Products">{application.productInterests.map((product) => labelOf(PRODUCT_LABEL, product)).join(', ') || '—'}</Term>
              <Term label="Started">{formatDate(application.createdAt)}</Term>
              <Term label="Last change">{formatDate(application.updatedAt)}</Term>
              {application.decidedAt ? <Term label="Decided">{formatDate(application.decidedAt)}</Term> : null}
            </dl>
          </Section>
          <Section title="Decisions" description="Every status the application went through, newest first.">
            <DecisionHistory decisions={application.decisions} />
          </Section>
          <Section title="Domains" description="The websites given at onboarding, reviewed one by one.">
            <OrganizationDomains organizationId={application.organizationId} />
          </Section>
        </div>
      </div>
      <DecisionDialog
        subject="application"
        decision={decision}
        subjectName={application.organizationName}
        onDecide={decide}
        onOpenChange={(open) => !open && setDecision(null)}
      />
    </>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="min-w-0 gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle className="text-base">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="min-w-0 px-5">{children}</CardContent>
    </Card>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function CompanyDetails({ application }: { application: KybReview_ApplicationDetailFragment }) {
  const details = application.companyDetails;
  if (!details) return <p className="text-sm text-muted-foreground">Not filled in yet.</p>;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      <Term label="Legal name">{details.legalName}</Term>
      <Term label="Registration number">{details.registrationNumber}</Term>
      <Term label="Country">{formatCountry(details.country)}</Term>
      <Term label="Incorporated">{formatCalendarDate(details.incorporationDate)}</Term>
      <Term label="Registered address">
        <span className="whitespace-pre-wrap">{details.registeredAddress}</span>
      </Term>
      <Term label="Industry">{details.industry}</Term>
      <Term label="Website">
        {/^https?:\/\//i.test(details.website) ? (
          <a href={details.website} target="_blank" rel="noopener noreferrer" className="break-all underline underline-offset-2">
            {details.website}
          </a>
        ) : (
          details.website
        )}
      </Term>
    </dl>
  );
}

function People({ people }: { people: KybReview_ApplicationDetailFragment['people'] }) {
  if (people.length === 0) return <p className="text-sm text-muted-foreground">Nobody listed yet.</p>;
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label="Owners and directors">
      {people.map((person) => (
        <li key={person.id} className="flex flex-col gap-1 px-3 py-2.5 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{person.fullName}</span>
            <Badge variant="secondary">{labelOf(KYB_PERSON_ROLE_LABEL, person.role)}</Badge>
            {person.ownershipPercentage ? <Badge variant="outline">{person.ownershipPercentage} %</Badge> : null}
          </span>
          <span className="text-xs text-muted-foreground">
            Born {formatCalendarDate(person.dateOfBirth)} · {formatCountry(person.nationality)} national · lives in {formatCountry(person.countryOfResidence)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Answers({ questionnaire }: { questionnaire: KybReview_ApplicationDetailFragment['questionnaire'] }) {
  const answers = answeredQuestions(questionnaire.questions, questionnaire.answersJson, formatCountry);
  return (
    <dl className="flex flex-col gap-3 text-sm">
      {answers.map((item) => (
        <div key={item.key} className="flex flex-col gap-0.5">
          <dt className="text-muted-foreground">{item.label}</dt>
          <dd className="whitespace-pre-wrap break-words">
            {item.answer || (
              <span className={item.missing ? 'text-destructive' : 'text-muted-foreground'}>{item.missing ? 'Not answered (required)' : 'Not answered'}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DecisionHistory({ decisions }: { decisions: KybReview_ApplicationDetailFragment['decisions'] }) {
  if (decisions.length === 0) return <p className="text-sm text-muted-foreground">No decisions yet.</p>;
  const newestFirst = [...decisions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ol className="flex flex-col gap-4 border-l pl-4" aria-label="Decision history">
      {newestFirst.map((decision) => (
        <li key={decision.id} className="relative flex flex-col gap-1 text-sm">
          <span className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-border ring-4 ring-card" aria-hidden />
          <span className="flex flex-wrap items-center gap-2">
            <ReviewStatusBadge status={decision.status} />
            <time dateTime={decision.createdAt} className="text-xs text-muted-foreground">
              {formatDate(decision.createdAt)}
            </time>
          </span>
          <span className="text-xs text-muted-foreground">by {decision.decidedByName ?? 'the partner'}</span>
          {decision.reason ? <p className="whitespace-pre-wrap break-words">{decision.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}
